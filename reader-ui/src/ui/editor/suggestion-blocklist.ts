/**
 * Words never offered as a spelling suggestion (they are still accepted when written):
 * vulgar, scatological and sexual slang, and words that are only slurs. Words with a
 * respectable sense a scholar of an epic needs (God, devil, damn, bastard, whore, ass, cock,
 * tit, prick, sod, slag, chink, dyke, queer, retard, poop, spunky…) are deliberately not here.
 */
const BLOCKED = new Set(
  `
  arse arsed arses arsing arsehole arseholes
  bollock bollocks bollocking bollockings
  bugger buggered buggering buggers buggery
  crap craps crapped crapping crapper crappers crappy
  cunt cunts
  dago dagos dagoes darkie darkies
  dickhead dickheads dildo dildos
  faggot faggots
  fart farts farted farting
  fuck fucks fucked fucking fucker fuckers
  gook gooks gyp gyps gypped
  kike kikes knobhead knobheads
  nigger niggers
  piss pisses pissed pissing pisser pissers
  poo poos pooed pooing
  shit shits shitted shitting shitty shite
  slut sluts slutty sluttish
  spastic spastics spic spics
  tosser tossers
  turd turds
  twat twats
  wank wanks wanked wanking wanker wankers
  wog wogs wop wops
  `
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether a suggestion must not be offered (any case). */
export function isBlockedSuggestion(word: string): boolean {
  return BLOCKED.has(word.toLowerCase());
}
