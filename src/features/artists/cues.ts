/**
 * The Dutch/Flemish cues the default screener reads (docs/screening.md explains each list and why).
 * Pure functions over text: no database, no network. Every cue is deliberately weak on its own;
 * the screener only decides a criterion when independent cues agree.
 */

/** LanguageOfPerformance codes (ISO 639-1/-2/-3, BCP 47 with region) of Dutch and its dialects. */
const DUTCH_LANGUAGES = new Set(['nl', 'nld', 'dut', 'vls', 'zea']);
/** Regional languages of the Benelux that are not Dutch: they show roots, not "performs in Dutch". */
const BENELUX_REGIONAL_LANGUAGES = new Set(['li', 'lim', 'fy', 'fry', 'lb', 'ltz', 'wa', 'wln']);
/** Official languages of Belgium and Luxembourg besides Dutch: neither for nor against Benelux roots. */
const NEUTRAL_BENELUX_LANGUAGES = new Set(['fr', 'fra', 'fre', 'de', 'deu', 'ger']);
/** No linguistic content: an instrumental. */
const NO_LANGUAGE = new Set(['zxx']);
const UNDETERMINED = new Set(['und', 'mul', 'mis']);

export type LanguageClass = 'dutch' | 'benelux_regional' | 'neutral_benelux' | 'instrumental' | 'undetermined' | 'other';

/** The primary subtag, lower-cased: 'nl-BE' -> 'nl', 'NLD' -> 'nld'. */
export function primaryLanguage(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function classifyLanguage(code: string): LanguageClass {
  const primary = primaryLanguage(code);
  if (code.trim().toLowerCase() === 'nds-nl') return 'benelux_regional';
  if (DUTCH_LANGUAGES.has(primary)) return 'dutch';
  if (BENELUX_REGIONAL_LANGUAGES.has(primary)) return 'benelux_regional';
  if (NEUTRAL_BENELUX_LANGUAGES.has(primary)) return 'neutral_benelux';
  if (NO_LANGUAGE.has(primary)) return 'instrumental';
  if (UNDETERMINED.has(primary) || primary === '') return 'undetermined';
  return 'other';
}

export const BENELUX_TERRITORIES = new Set(['NL', 'BE', 'LU']);

/** ISRC CC-XXX-YY-NNNNN: the first two letters are the registrant's country. */
export function isrcCountry(isrc: string | null | undefined): string | null {
  const m = /^([A-Z]{2})[A-Z0-9]{3}\d{7}$/i.exec((isrc ?? '').replace(/-/g, '').trim());
  return m ? m[1]!.toUpperCase() : null;
}

/**
 * The country of a UPC/EAN's GS1 prefix, only where it says Benelux: 870-879 Netherlands,
 * 540-549 Belgium and Luxembourg. A 12-digit UPC-A is US/Canada (EAN 0...): 'other'.
 */
export function gs1Origin(code: string | null | undefined): 'NL' | 'BE/LU' | 'other' | null {
  const digits = (code ?? '').replace(/\D/g, '');
  if (digits.length !== 12 && digits.length !== 13 && digits.length !== 14) return null;
  const ean13 = digits.length === 12 ? `0${digits}` : digits.length === 14 ? digits.slice(1) : digits;
  if (/^87/.test(ean13)) return 'NL';
  if (/^54/.test(ean13)) return 'BE/LU';
  return 'other';
}

// ---- names -----------------------------------------------------------------------------------

/** Given names that are, in practice, Dutch or Flemish (common elsewhere ones such as Jesse are left out). */
const DUTCH_GIVEN_NAMES = new Set(
  (
    'aafke anouk annelies anneke arjen bart bas bram daan dirk douwe eline els femke fenna floor fleur freek geert gert gijs ' +
    'hanneke henk hidde huub ilse jaap jan jasper jef jelle jelte jeroen joost joris jorien jurre kees koen lieke lien lieve lotte ' +
    'luuk maarten marloes marijke mees merel mieke niek nienke noor pieter pim rik roel roos ruud sanne sem sietske sjoerd sofie ' +
    'staf stijn teun thijs tijs tim ton trijntje twan wim wout wouter wietske ymke yorick'
  ).split(' '),
);

/** The most common Dutch and Flemish surnames (without particle). */
const DUTCH_SURNAMES = new Set(
  (
    'bakker bos brouwer claes dekker dijkstra goossens hendriks jacobs janssen janssens jansen kok kuipers maes mertens meijer ' +
    'mulder peeters smit smits verbeke vermeulen visser vos willems wouters jong vries dijk groot graaf leeuwen'
  ).split(' '),
);

/** Particles (tussenvoegsels) between a given name and a surname: "Marco van Basten", "Staf De Wilde". */
const PARTICLE = /^\S+(?:\s\S+)?\s(van der|van den|van de|van|de|den|der|ter|ten|te|op de|in 't|'t)\s+\S/i;

/** Surname shapes that are characteristic of Dutch/Flemish/Frisian names. */
const SURNAME_SHAPES: Array<[RegExp, string]> = [
  [/^ver[bdfghklmnprstw][a-z]{3,}$/i, 'Ver- surname'],
  [/[a-z]{2,}(stra|sma|inga|enga)$/i, 'Frisian surname ending'],
  [/[a-z]{2,}(ijk|ijn|ijs|ckx|aert|aerts|cq)$/i, 'Dutch/Flemish spelling'],
  [/^[a-z]*ij[a-z]*$/i, "the Dutch 'ij'"],
];

/** Words that start a Dutch band name as its article. "De" alone is also Spanish/French/Italian. */
const DUTCH_ARTICLE_START = /^(het|'t)\s+\S/i;

export interface Cue {
  /** What was found, in words a person reads in the reasoning. */
  text: string;
}

/** Dutch/Flemish cues in an artist's name; empty when none. */
export function nameCues(name: string): Cue[] {
  const cues: Cue[] = [];
  const trimmed = name.trim();
  const words = trimmed.split(/\s+/).filter(Boolean);
  if (words.length === 0) return cues;
  if (DUTCH_ARTICLE_START.test(trimmed)) cues.push({ text: `the name starts with the Dutch article "${words[0]}"` });
  else if (/^de\s+\S/i.test(trimmed) && words.slice(1).some((w) => titleWordIsDutch(w))) {
    cues.push({ text: `the name is Dutch ("${trimmed}")` });
  }
  const particle = PARTICLE.exec(trimmed);
  if (particle) cues.push({ text: `the Dutch name particle "${particle[1]}"` });
  const first = words[0]!.toLowerCase();
  if (words.length >= 2 && DUTCH_GIVEN_NAMES.has(first)) cues.push({ text: `the Dutch/Flemish given name "${words[0]}"` });
  const last = words[words.length - 1]!.replace(/[^\p{L}'-]/gu, '');
  if (words.length >= 2 && DUTCH_SURNAMES.has(last.toLowerCase())) cues.push({ text: `the common Dutch/Flemish surname "${last}"` });
  else if (words.length >= 2) {
    for (const [shape, label] of SURNAME_SHAPES) {
      if (shape.test(last)) {
        cues.push({ text: `the surname "${last}" (${label})` });
        break;
      }
    }
  }
  return cues;
}

// ---- titles ----------------------------------------------------------------------------------

/**
 * Dutch words that are not also common English, French, Spanish or German words (so "de", "en",
 * "van", "in", "over", "die" are out), plus everyday song-title nouns.
 */
const DUTCH_WORDS = new Set(
  (
    'het een ik jij jou mijn jouw niet naar aan bij voor met zijn wij ons onze uit tot waar zonder maar nog ook wat wie als geen meer ' +
    'hier daar nooit altijd alles samen morgen vandaag nacht dag liefde hart zomer regen zee stad huis thuis zon wind weer ' +
    'blijf laat kom ga zeg weet wil moet kan mag hou houd lief mooi oude nieuwe laatste eerste kleine grote zoete zachte ' +
    'straat fiets fietsen water zand strand golven veerboot voeten blote handen lied liedje kompas rechtdoor verdwaald ' +
    'tijd geen jaar zondag vrijdag zaterdag maandag avond ochtend middag slaap zacht trein kermis luchten klaprozen ' +
    'eerlijk gezegd moeders keuken beton bloemen boerenzoon molen wiek dijk polder lichtjes platen muziek geluid'
  ).split(' '),
);

/** Spelling that is typical of Dutch and rare in English titles. */
const DUTCH_SPELLING = /(ij|aa|uu|oe[^s]|sch[aeiou]|tje\b|tjes\b|eeuw|ieuw)/i;

/** A single word that looks Dutch (in the word list, or with Dutch spelling). */
export function titleWordIsDutch(word: string): boolean {
  const w = word.toLowerCase().replace(/[^\p{L}']/gu, '');
  if (w.length < 2) return false;
  if (DUTCH_WORDS.has(w)) return true;
  return w.length >= 4 && DUTCH_SPELLING.test(w) && !ENGLISH_LOOKALIKES.has(w);
}

/** English words that happen to have a Dutch-looking spelling. */
const ENGLISH_LOOKALIKES = new Set(['shoe', 'shoes', 'canoe', 'bazaar', 'aardvark', 'vacuum', 'school', 'schools', 'schedule', 'schema', 'scheme', 'scholar', 'poet', 'poetry', 'does', 'goes', 'toes', 'joey', 'noel', 'phoenix', 'whoever', 'hijack', 'fijian']);

/** A title is Dutch when it has two Dutch-looking words, or one from the word list among at most three words. */
export function titleIsDutch(title: string): boolean {
  const words = title.split(/[\s/,.!?:;()"“”&+-]+/).filter(Boolean);
  const listed = words.filter((w) => DUTCH_WORDS.has(w.toLowerCase().replace(/[^\p{L}']/gu, ''))).length;
  const looking = words.filter(titleWordIsDutch).length;
  return looking >= 2 || (listed >= 1 && words.length <= 3);
}

/** Places of the Netherlands, Belgium and Luxembourg, as they appear in titles (Dutch, French, English names). */
const BENELUX_PLACES = (
  'Amsterdam|Rotterdam|Den Haag|Utrecht|Eindhoven|Groningen|Tilburg|Almere|Breda|Nijmegen|Arnhem|Haarlem|Enschede|Maastricht|' +
  'Leiden|Delft|Zwolle|Deventer|Scheveningen|Zandvoort|Texel|Friesland|Drenthe|Brabant|Zeeland|Veluwe|Noordzee|Waddenzee|IJsselmeer|' +
  'Brussel|Bruxelles|Brussels|Antwerpen|Anvers|Antwerp|Gent|Ghent|Gand|Brugge|Bruges|Leuven|Louvain|Mechelen|Oostende|Ostend|' +
  'Luik|Liège|Liege|Namur|Namen|Charleroi|Hasselt|Kortrijk|Vlaanderen|Flanders|Wallonie|Schelde|Scheldt|Graslei|Luxembourg|Luxemburg|Ardennen|Ardennes'
).split('|');
const PLACE_PATTERN = new RegExp(`(?<![\\p{L}])(${BENELUX_PLACES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}])`, 'iu');

/** The Benelux place a title names, or null. */
export function beneluxPlaceIn(title: string): string | null {
  const m = PLACE_PATTERN.exec(title);
  return m ? m[1]! : null;
}

/** Genres that are usually instrumental, so Dutch titles there say nothing about sung language. */
export function isUsuallyInstrumentalGenre(genre: string | null | undefined): boolean {
  return /classical|jazz|ambient|instrumental|soundtrack|score|electronic|techno|house|downtempo|new age/i.test(genre ?? '');
}
