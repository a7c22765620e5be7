import { describe, expect, test } from 'vitest';
import { beneluxPlaceIn, classifyLanguage, gs1Origin, isrcCountry, nameCues, titleIsDutch } from '@/features/artists/cues';

describe('screening cues', () => {
  test('languages of performance', () => {
    expect(classifyLanguage('nl')).toBe('dutch');
    expect(classifyLanguage('nl-BE')).toBe('dutch');
    expect(classifyLanguage('NLD')).toBe('dutch');
    expect(classifyLanguage('fy')).toBe('benelux_regional');
    expect(classifyLanguage('lb')).toBe('benelux_regional');
    expect(classifyLanguage('fr')).toBe('neutral_benelux');
    expect(classifyLanguage('en')).toBe('other');
    expect(classifyLanguage('zxx')).toBe('instrumental');
    expect(classifyLanguage('und')).toBe('undetermined');
  });

  test('ISRC countries and GS1 prefixes', () => {
    expect(isrcCountry('NLD7K2500001')).toBe('NL');
    expect(isrcCountry('BE-S3L-25-00001')).toBe('BE');
    expect(isrcCountry('not an isrc')).toBeNull();
    expect(gs1Origin('8720193400015')).toBe('NL');
    expect(gs1Origin('5410587210375')).toBe('BE/LU');
    expect(gs1Origin('196427000011')).toBe('other'); // 12-digit UPC-A: US/Canada
    expect(gs1Origin('123')).toBeNull();
  });

  test('names: Dutch/Flemish cues, and look-alikes that are not', () => {
    expect(nameCues('Marco van Basten').map((c) => c.text)).toContain('the Dutch name particle "van"');
    expect(nameCues('Het Zuiderkwartet')[0]!.text).toContain('Dutch article');
    expect(nameCues('Sanne Verhoef').length).toBe(2);
    expect(nameCues('Anke Dijkstra').map((c) => c.text).join()).toMatch(/Dijkstra/);
    // "Van" as a first name, Spanish "De", English double vowels: no cue.
    expect(nameCues('Van Morrison')).toEqual([]);
    expect(nameCues('De La Soul')).toEqual([]);
    expect(nameCues('Bruce Springsteen')).toEqual([]);
    expect(nameCues('Ivy Calder')).toEqual([]);
    expect(nameCues('Kaito Morishima')).toEqual([]);
  });

  test('titles: Dutch ones, and foreign ones with "de" or "en"', () => {
    expect(titleIsDutch('Jij en Ik en de Noordzee')).toBe(true);
    expect(titleIsDutch('Zomer aan Zee')).toBe(true);
    expect(titleIsDutch('Fietsen in de Regen')).toBe(true);
    expect(titleIsDutch('Calor de Medianoche')).toBe(false);
    expect(titleIsDutch('Bailando Sola')).toBe(false);
    expect(titleIsDutch('Paper Satellites')).toBe(false);
    expect(titleIsDutch('School Shoes')).toBe(false);
    expect(beneluxPlaceIn('Trein naar Brugge')).toBe('Brugge');
    expect(beneluxPlaceIn('Bruxelles sous la pluie')).toBe('Bruxelles');
    expect(beneluxPlaceIn('Gentle Rain')).toBeNull();
  });
});
