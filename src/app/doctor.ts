/**
 * `blog doctor`'s check and repair of a data folder. It works on the files without opening a
 * Blog (createBlog refuses the very folders it is for), so the composition root hands the
 * store's checker to the CLI here: adapters never import src/store themselves.
 */
export { checkDataFolder, type DoctorProblem, type DoctorReport } from '../store/doctor.js'
