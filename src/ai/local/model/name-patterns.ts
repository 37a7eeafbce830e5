/**
 * The cues by which an essay names its symbols, read on a sentence in which the formula being
 * named is marked `⟦*⟧` and the others `⟦k⟧` (k: segment), so that a name never holds its own symbol.
 */
export const DET = String.raw`(?:the|a|an|our|its|their|some|each)`
/** A phrase may hold other formulas (`⟦3⟧`), not the one being named. */
export const PHRASE = String.raw`((?:[^,.;:!?()\[\]⟦⟧"“”]|⟦\d+⟧){2,90})`
export const PLAIN_PHRASE = String.raw`([^,.;:!?()\[\]⟦⟧"“”]{2,90})`
/** The formula being named is marked `⟦*⟧` in the sentence, the others `⟦k⟧` (k: segment). */
export const SELF = '⟦\\*⟧'
/** What the sentence says the symbol is: "x is the …", "x denotes …", "x is called …", "the … (let's call it x)". */
export const STATED: RegExp[] = [
  String.raw`${SELF}\s*,?\s*(?:is|are|be|was|were|as)\s+(?:also\s+)?${DET}\s+${PHRASE}`,
  String.raw`${SELF}\s*,?\s*(?:denotes?|represents?|symboli[sz]es|signifies|stands\s+for|refers\s+to|corresponds\s+to|measures|counts|describes)\s+(?:${DET}\s+)?${PHRASE}`,
  String.raw`${SELF}\s*(?:is|are)\s+(?:called|known\s+as|referred\s+to\s+as|termed)\s+(?:${DET}\s+)?${PHRASE}`,
  // "let X be independent random variables", "let X denote the …": a hypothesis names its symbols.
  String.raw`\blet\s+${SELF}\s*,?\s*(?:be|denote)\s+(?:${DET}\s+)?${PHRASE}`,
  // "with n being the number of classes"
  String.raw`${SELF}\s*,?\s*being\s+(?:${DET}\s+)?${PHRASE}`,
  // "⟦W⟧ is the weight matrix and ⟦b⟧ the bias", "we call ⟦φ⟧ the encoder and ⟦ρ⟧ the decoder", "⟦Y⟧ symbolises
  // the label, ⟦D⟧ the prediction, ⟦A⟧ the attributes", "we use ⟦μ⟧ to denote the mean, ⟦σ⟧ the std": the verb is not repeated.
  String.raw`(?:\bcall\s+⟦\d+⟧|\blet\s+⟦\d+⟧\s+(?:denote|be)|\b(?:use|write)\s+⟦\d+⟧\s+to\s+(?:denote|represent)|⟦\d+⟧\s*,?\s*(?:is|are|denotes|represents|symboli[sz]es|signifies|stands\s+for))\s+${DET}\s+[^⟦.;:]{2,100}?(?:,\s*(?:and\s+)?⟦\d+⟧\s+${DET}\s+[^⟦.;:]{2,100}?)*(?:,\s*(?:and\s+)?|,?\s+and\s+)${SELF}\s+${DET}\s+${PHRASE}`,
  // "We call ⟦φ⟧ the encoder"
  String.raw`\bcall\s+${SELF}\s+${DET}\s+${PHRASE}`,
  // "h is Planck’s constant": a name may open with the possessive of a proper name.
  String.raw`${SELF}\s*,?\s*(?:is|are|was|were)\s+(\p{Lu}[\p{L}-]+['’]s\s+(?:[^,.;:!?()\[\]⟦⟧"“”]){2,80})`,
  // A definition list or notation table: "⟦x⟧: the input", "⟦η⟧ — learning rate".
  String.raw`^\s*${SELF}\s*(?::|—|–|--?)\s*(?:${DET}\s+)?${PHRASE}`,
  // "We use ⟦ηₜ > 0⟧ for a learning rate schedule multiplier", "we write ⟦x⟧ to denote the input"
  String.raw`\b(?:use|write)\s+${SELF}\s*(?:for|to\s+(?:denote|represent|mean))\s+(?:${DET}\s+)?${PHRASE}`,
  // "let's denote ⟦U(p)⟧ as the output … and ⟦L(p)⟧ as the descriptive length of the program"
  String.raw`\bdenote\s+(?:⟦\d+⟧[^⟦]{0,160}?\s(?:and|,)\s+)?${SELF}\s*(?:as|by)\s+(?:${DET}\s+)?${PHRASE}`,
].map((source) => new RegExp(source, 'iu'))
/** What the essay says it calls the symbol, wherever else it describes it: "σ … is a linear function that we'll refer to as the link function". */
export const CALLED = new RegExp(
  String.raw`${SELF}[^⟦]{0,80}?\b(?:that|which)\s+(?:we|I)(?:['’]ll|\s+will|\s+shall)?\s+(?:call|refer\s+to\s+as|name|term)\s+(?:${DET}\s+)?${PHRASE}`,
  'iu',
)
/**
 * A name written before the symbol it introduces: "the … (let's call it x)", "denote the … by x",
 * "a type II error is usually denoted as β", "the learning rate, denoted η". The symbol may follow
 * a preposition here ("by x"), which elsewhere makes it the object of the sentence.
 */
export const NAMED_BEFORE: RegExp[] = [
  String.raw`\b${DET}\s+((?:[\p{L}-]+\s+){0,5}[\p{L}-]+)\s*\(\s*(?:let['’]?s|let\s+us|we(?:['’]ll|\s+will)?)\s+call\s+(?:it|this|them|these)\s+${SELF}\s*\)`,
  String.raw`\bdenote\s+(?:${DET}\s+)?${PLAIN_PHRASE}\s+(?:by|as|with)\s+${SELF}`,
  // "Denote by ⟦n⟧ the number of words and ⟦m⟧ the number of unique words": the second of a pair.
  String.raw`\b(?:denote|denoting|write)\s+(?:by|with)\s+⟦\d+⟧\s+${DET}\s+[^⟦.;]{2,120}?\s+and\s+${SELF}\s+${DET}\s+${PHRASE}`,
  // "We denote with ⟦m̂ₜ⟧ and ⟦v̂ₜ⟧ the EMA estimates with bias correction"
  String.raw`\b(?:denote|denoting|write)\s+(?:by|with)\s+(?:⟦\d+⟧\s*,?\s*(?:and\s+)?)*${SELF}(?:\s*,?\s*(?:and\s+)?⟦\d+⟧)*\s+${DET}\s+${PHRASE}`,
  // "A type II error is usually denoted as β"
  String.raw`(?:^|[,;:]\s*|\b${DET}\s+)((?:[\p{L}-]+\s+){0,4}[\p{L}-]+)\s+(?:is|are)\s+(?:\p{L}+ly\s+)?(?:denoted|symboli[sz]ed|labell?ed)\s+(?:by|as|with)\s+${SELF}`,
  // "a convolutional layer whose kernel size is k.": the symbol is the whole predicate.
  // Not "(the asymptotic rate in) the robust region is r∞": a phrase after a preposition is not the subject.
  // ("the hidden state at time ⟦t⟧ is ⟦hₜ⟧": a running index may qualify it; "… is ⟦rₜ⟧ and the policy is …": a clause may follow.)
  String.raw`(?<!\b(?:in|of|on|at|for|from|with|by|to|into|over|under|within)\s+)\b(?:${DET}|whose)\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+(?:\s+(?:at|of|for|in)\s+(?:time|step|iteration|layer|position)\s+⟦\d+⟧)?)\s+(?:is|are|was|were)\s+${SELF}\s*(?:[,.;:]|$|(?:and|while|whereas)\s+(?:the|a|an|its|their)\s)`,
  // "the learning rate, denoted η", "the empirical risk, which we denote by R"
  // "an exponentially moving average (EMA) of stochastic gradients, typically denoted by mₜ"
  String.raw`\b${DET}\s+((?:(?:[\p{L}-]+|\(\p{Lu}{2,}s?\))\s+){0,6}[\p{L}-]+)\s*,?\s*(?:which\s+(?:we|I)\s+(?:will\s+|shall\s+)?(?:denote|write|call)(?:\s+(?:by|as))?|(?:\p{L}+ly\s+)?denoted\s+(?:by\s+|as\s+)?)\s*${SELF}`,
].map((source) => new RegExp(source, 'iu'))
/** "x and y are sample means": a plural name without an article, for a list. */
export const ARE_PLURAL = new RegExp(
  String.raw`${SELF}\s*,?\s*are\s+((?:[\p{L}-]+\s+){0,4}[\p{L}-]+s)(?![\p{L}])`,
  'iu',
)
/** Apposition after the symbol: "x (the …)", "x, the …,". */
export const AFTER: RegExp[] = [
  String.raw`${SELF}\s*\(\s*(?:${DET}\s+)?${PHRASE}\)`,
  String.raw`${SELF}\s*,\s*${DET}\s+${PHRASE},`,
].map((source) => new RegExp(source, 'iu'))
/** "…, and x, the input." at the sentence's end: a short noun phrase, not a new clause. */
export const APPOSITION_AT_END = new RegExp(
  String.raw`${SELF}\s*,\s*${DET}\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)\s*[.;!?]?\s*$`,
  'iu',
)
/** "…, ⟦x₀⟧, a data point sampled from the real data distribution.": an apposition a participle qualifies. */
export const APPOSITION_QUALIFIED = new RegExp(
  String.raw`${SELF}\s*,\s*${DET}\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)\s+(?:\p{L}{3,}ed|drawn|taken|chosen|given)\s+(?:from|by|via|using|with|in|on|over|at|for|according\s+to)\s[^⟦*]*$`,
  'iu',
)
/** A name ends where the sentence goes on to something else. */
export const NAME_END =
  /-?\s+(?:(?:by|in|with|for|from|on|to|of|at|through|under|over)\s+(?:which|whom)|where|which|that|such|so|if|when|while|whose|given|using|resulting|connecting|to\s+(?:obtain|get|compute|find|make)|i\.e|e\.g|and\s+⟦|with\s+⟦|for\s+all|is|are|was|were|can|will|has|have|gets?|becomes?|(?:\p{L}+ly\s+)?(?:\p{L}{3,}ed\s+(?:via|by|from|using|through|with|in|on|at|over|for)|(?:drawn|taken|chosen)\s+\p{L}+|following|satisfying|having|containing))(?![\p{L}]).*$/iu
/** Words that start a statement about the symbol, not its name ("x is distributed as …"). */
export const NOT_A_NAME =
  /^(?:smallest|largest|highest|lowest|greatest|best|worst|using|takes?|taking|rewritten|small|large|smaller|larger|given|distributed|equal|independent\s+of|defined|called|known|used|obtained|written|true|false|positive|negative|zero|greater|smaller|larger|less|more|not|also|then|now|only|just|same|following|above|below|function\s+of)(?![A-Za-z-])/i
/** An adjective alone says what kind of value a symbol holds, not what it is ("let x be fixed", "a suitable w"). */
export const LONE_ADJECTIVE =
  /^(?:fixed|arbitrary|any|finite|nonzero|non-zero|continuous|discrete|differentiable|invertible|such|independent|real|complex|random|suitable|appropriate|certain|particular|specific|general|generic|new|optimal|unknown|original|different|similar|valid|feasible|\p{L}{3,}(?:able|ible))$/iu
export const UNIT =
  /^\s*(?:\(\s*)?(?:is\s+)?(?:measured\s+)?in\s+(meters|metres|seconds|minutes|hours|days|years|kilograms|grams|dollars|euros|percent|bits|bytes|pixels|degrees|radians|kelvin|joules|watts|volts|newtons|hertz|square\s+feet|feet|miles|kilometers|kilometres|centimeters|millimeters)\b/i
/** Nouns too general to name a symbol on their own ("in the direction x", "the value x"). */
export const GENERIC_NOUNS = new Set(
  'direction distance gradients value values function point points term terms case step size vector matrix variable variables parameter quantity number element entry coordinate coordinates dimension index example form result formula equation expression initialization fact property definition way following equations'.split(
    ' ',
  ),
)
/**
 * A type is not a name: "w is a vector", "two matrices A and B". "The parameters" is: it is what
 * a model's θ is called ("θ are the parameters", "its parameters are denoted as θ").
 */
export const TYPE_WORD =
  /^(?:vectors?|scalars?|matri(?:x|ces)|functions?|distributions?|numbers?|sets?|integers?|variables?|parameter|constants?|elements?|points?|values?|reals?|tensors?)$/i
export const PREPOSITION =
  /^(?:at|in|of|on|for|by|with|from|to|into|over|under|between|along|inside|within|via|than|as|like|about|through)$/i
/** Plural nouns one symbol can hold many of: a weight matrix is "the weights", not "the weight". */
export const COLLECTIVE =
  /(?:parameters|weights|coefficients|features|data|statistics|observations|samples|inputs|outputs|biases|logits|scores|multipliers)$/i
export const NUMBER_WORD = /^(?:two|three|four|five|six|both|all|several|multiple|many|various|these|those)$/i
export const PRONOUN = /^(?:we|you|they|i|it|one|he|she|let['’]?s)$/i
/** A running index names its symbol: "at iteration t", "in layer l", "at time t". */
export const COUNTER =
  /^(?:iterations?|steps?|times?|epochs?|rounds?|layers?|stages?|episodes?|generations?|timesteps?)$/i
