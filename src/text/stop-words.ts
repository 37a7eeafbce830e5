/** English function words: never a term, and they end an n-gram ("rate of change" is two terms). */
export const STOP_WORDS = new Set(
  `a about above according across actually after afterwards again against all almost alone along already also although always am
among amongst an and another any anybody anyhow anyone anything anyway anywhere are around as at back be became because become
becomes becoming been before beforehand behind being below beside besides between beyond both but by can cannot could did do
does doing done down due during each either else elsewhere enough etc even ever every everyone everything everywhere except few
first for former formerly from further had has have having he hence her here hereafter hereby herein hers herself him himself his
how however i ie if in indeed instead into is it its itself just last latter least less let lets like likely made make makes
making many may maybe me meanwhile might mine more moreover most mostly much must my myself namely neither never nevertheless
next no nobody none noone nor not nothing now nowhere of off often on once one only onto or other others otherwise our ours
ourselves out over own per perhaps please put rather re really same seem seemed seeming seems several she should since so some
somehow someone something sometime sometimes somewhere still such than that the their theirs them themselves then thence there
thereafter thereby therefore therein thereupon these they this those though through throughout thru thus to together too
toward towards under until up upon us very via was we well were what whatever when whence whenever where whereafter whereas
whereby wherein whereupon wherever whether which while whither who whoever whole whom whose why will with within without would
yet you your yours yourself yourselves`
    .split(/\s+/)
    .filter(Boolean),
)

/**
 * The verbs, adverbs and generic nouns of expository prose ("show", "following", "value"): never a
 * term alone, since every essay uses them, but they may be part of one ("missing value").
 */
export const WEAK_WORDS = new Set(
  `able above across add added adding allow allows already another apply applied arbitrary available based basically become begin
below best better big bit call called calls came case cases certain change changes chapter clear clearly come comes consider
considered contains corresponding could currently define defined defines definition describe described detail details different
directly discuss discussed easily easy either end enough entire especially example examples exactly fact fairly far feel find
finally follow followed following follows form found four free full fully general generally get gets getting give given gives
go goes going good got great hand happen hard help high however idea ideas important include included includes including
instead interesting introduce introduced involves keep kind know known large largely later lead learn least left less let lets
level like little long look looking looks lot lots low main mainly major mean means meant mentioned merely method might moment
needed needs new nice note noted notice now number numbers obtain obtained obvious obviously often ok okay old order part
particular particularly parts perform performed place point points possible post posts previous previously probably problem
provide provided provides quite range rather read reason recall recent recently refer regard related relatively remain remains
require required requires respectively result results right said say says second section sections see seen set sets shall
short show showed shown shows side significantly similar similarly simple simply since small so specific specifically start
started step steps still straightforward suppose sure take taken takes term terms thing things think third though three thus
time times today together top true try trying turn turns two type types typically understand unless upon use used useful uses
using usual usually value values various version want way ways week well went whole wish work works write written yes yet zero
applying assume assumed assuming assumption distributed obtaining considering denote denoted denotes denoting yields yield holds
hold implies imply proof proofs theorem lemma corollary proposition equation equations formula formulas thus hence compute
computed computing calculate calculated calculating derive derived deriving rewrite rewritten plug plugging substituting substitute
noting showing becomes remains respectively need needs needed wants let's we'll we've i'm it's don't doesn't can't won't
actual along already anything approach approaches aspect aspects basic basis certainly common completely concept concepts
consequently detailed determine determined essentially especially exist exists existing expected expression expressions
furthermore goal goals greater higher however immediately instance instances larger latter lower meaning necessary
numerous obtain order otherwise overall paper particular perhaps possible practice present presented problem problems
property properties question questions reader readers regarding represent represented representing representation rest
resulting satisfy satisfies seems simpler smaller statement statements suggest suggests thing total usage whose within
slow slower slowly faster quickly huge tiny bad badly worse harder exactly cheap expensive
nice neat fine wrong correctly lower higher highest lowest`
    .split(/\s+/)
    .filter(Boolean),
)

/** Characters that are grammar, not content, in Chinese; a character pair holding one is no term. */
export const CJK_STOP_CHARS = new Set([
  ...'的了是在和与或也就都而及着把被这那个们我你您他她它并对从为以于之其所等上下中不没有可能会要将已让如果但因此然后还更很最一些每种该此即并且而且以及通过进行使用需要可以我们他们它们这些那些',
])
