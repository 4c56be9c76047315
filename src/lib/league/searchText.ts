/**
 * What every search box of the site matches on (the header's search, /search, the lineup and compare pickers): one
 * rule for letters, and the players' nicknames.
 *
 * Letters: lower case, accents removed ("Dončić", "Jokić" and "Jović" are matched as "doncic", "jokic", "jovic").
 * The same rule gives the names the site shows (`plainName`): the league's player list writes all but a handful of
 * its names without accents (Luka Doncic, Nikola Jokic), so the handful that carry them (Nikola Jović, Vít
 * Krejčí) are shown the same way, and a table never sets "Jokic" beside "Jović".
 *
 * Nicknames: the names fans type for a player ("sga", "kd", "cp3", "the process"). Curated by hand from the
 * nicknames listed on Basketball-Reference's player pages and used in the press; only players the data holds
 * (a unit test finds each in the league's player list, nba-data commonallplayers.csv). A typed text names a
 * player by nickname when it is the nickname ("kd"), or, less surely, its start from three letters on ("the proc").
 */

/** Lower case, accents removed: the one rule by which typed text and names are compared. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A name as the site shows it: accents removed, case kept ('Nikola Jović' -> 'Nikola Jovic'). */
export function plainName(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** [nickname as typed (folded), the player's name as the site shows it]. */
export const NICKNAMES: readonly (readonly [nickname: string, name: string])[] = [
  ['sga', 'Shai Gilgeous-Alexander'],
  ['kd', 'Kevin Durant'],
  ['slim reaper', 'Kevin Durant'],
  ['durantula', 'Kevin Durant'],
  ['cp3', 'Chris Paul'],
  ['point god', 'Chris Paul'],
  ['the process', 'Joel Embiid'],
  ['jojo', 'Joel Embiid'],
  ['king james', 'LeBron James'],
  ['bron', 'LeBron James'],
  ['lbj', 'LeBron James'],
  ['the beard', 'James Harden'],
  ['greek freak', 'Giannis Antetokounmpo'],
  ['the joker', 'Nikola Jokic'],
  ['ad', 'Anthony Davis'],
  ['the brow', 'Anthony Davis'],
  ['kat', 'Karl-Anthony Towns'],
  ['dame', 'Damian Lillard'],
  ['dame time', 'Damian Lillard'],
  ['steph', 'Stephen Curry'],
  ['chef curry', 'Stephen Curry'],
  ['baby faced assassin', 'Stephen Curry'],
  ['boogie', 'DeMarcus Cousins'],
  ['melo', 'Carmelo Anthony'],
  ['d-wade', 'Dwyane Wade'],
  ['flash', 'Dwyane Wade'],
  ['the answer', 'Allen Iverson'],
  ['ai', 'Allen Iverson'],
  ['big fundamental', 'Tim Duncan'],
  ['timmy', 'Tim Duncan'],
  ['the truth', 'Paul Pierce'],
  ['kg', 'Kevin Garnett'],
  ['big ticket', 'Kevin Garnett'],
  ['shaq', "Shaquille O'Neal"],
  ['the diesel', "Shaquille O'Neal"],
  ['black mamba', 'Kobe Bryant'],
  ['mamba', 'Kobe Bryant'],
  ['the mailman', 'Karl Malone'],
  ['the glove', 'Gary Payton'],
  ['sheed', 'Rasheed Wallace'],
  ['big ben', 'Ben Wallace'],
  ['t-mac', 'Tracy McGrady'],
  ['tmac', 'Tracy McGrady'],
  ['vinsanity', 'Vince Carter'],
  ['half man half amazing', 'Vince Carter'],
  ['j-kidd', 'Jason Kidd'],
  ['stat', "Amar'e Stoudemire"],
  ['d-rose', 'Derrick Rose'],
  ['russ', 'Russell Westbrook'],
  ['brodie', 'Russell Westbrook'],
  ['pg13', 'Paul George'],
  ['pg', 'Paul George'],
  ['the klaw', 'Kawhi Leonard'],
  ['the claw', 'Kawhi Leonard'],
  ['spida', 'Donovan Mitchell'],
  ['ant', 'Anthony Edwards'],
  ['ant-man', 'Anthony Edwards'],
  ['ice trae', 'Trae Young'],
  ['luka magic', 'Luka Doncic'],
  ['the unicorn', 'Kristaps Porzingis'],
  ['kp', 'Kristaps Porzingis'],
  ['jimmy buckets', 'Jimmy Butler'],
  ['dray', 'Draymond Green'],
  ['iggy', 'Andre Iguodala'],
  ['dlo', "D'Angelo Russell"],
  ['stifle tower', 'Rudy Gobert'],
  ['jjj', 'Jaren Jackson Jr.'],
  ['smoove', 'Josh Smith'],
  ['big baby', 'Glen Davis'],
  ['the matrix', 'Shawn Marion'],
  ['agent zero', 'Gilbert Arenas'],
  ['hibachi', 'Gilbert Arenas'],
  ['birdman', 'Chris Andersen'],
  ['white chocolate', 'Jason Williams'],
  ['j-rich', 'Jason Richardson'],
  ['the jet', 'Jason Terry'],
  ['iso joe', 'Joe Johnson'],
  ['linsanity', 'Jeremy Lin'],
  ['bam', 'Bam Adebayo'],
  ['pat bev', 'Patrick Beverley'],
  ['book', 'Devin Booker'],
  ['dbook', 'Devin Booker'],
  ['fvv', 'Fred VanVleet'],
  ['og', 'OG Anunoby'],
  ['jt', 'Jayson Tatum'],
  ['jb', 'Jaylen Brown'],
  ['mpj', 'Michael Porter Jr.'],
  ['cj', 'CJ McCollum'],
  ['rj', 'RJ Barrett'],
  ['zo', 'Lonzo Ball'],
  ['melo ball', 'LaMelo Ball'],
  ['the czar', 'Lamar Odom'],
  ['tp', 'Tony Parker'],
  ['the big aristotle', "Shaquille O'Neal"],
  ['the black falcon', 'Gerald Green'],
  ['mr. fourth quarter', 'Kemba Walker'],
  ['cardiac kemba', 'Kemba Walker'],
  ['the mayor', 'Ben Gordon'],
  ['rip', 'Richard Hamilton'],
  ['rip hamilton', 'Richard Hamilton'],
  ['mr. big shot', 'Chauncey Billups'],
  ['big shot rob', 'Robert Horry'],
  ['superman', 'Dwight Howard'],
  ['d12', 'Dwight Howard'],
  ['z-bo', 'Zach Randolph'],
  ['zbo', 'Zach Randolph'],
  ['big spain', 'Marc Gasol'],
  ['the grindfather', 'Tony Allen'],
  ['the spanish inquisition', 'Pau Gasol'],
  ['the great wall', 'Yao Ming'],
  ['the red mamba', 'Alex Caruso'],
  ['bones', 'Bones Hyland'],
  ['the slovenian', 'Luka Doncic'],
];

const byNickname: readonly (readonly [string, string])[] = NICKNAMES.map(([n, name]) => [foldText(n).trim(), name] as const);

/**
 * The names of the players a typed text names by nickname: `exact`, the nickname itself ("kd" -> Kevin Durant);
 * `started`, nicknames it starts from three letters on ("the pro" -> Joel Embiid), which a search lists after its
 * name matches (a fan typing "ste" is more likely on the way to "stephen" than to "stat").
 */
export function nicknamedPlayers(text: string): { exact: string[]; started: string[] } {
  const q = foldText(text).trim().replace(/\s+/g, ' ');
  const exact = [...new Set(byNickname.filter(([n]) => n === q).map(([, name]) => name))];
  const started =
    q.length < 3 ? [] : [...new Set(byNickname.filter(([n]) => n !== q && n.startsWith(q)).map(([, name]) => name))].filter((n) => !exact.includes(n));
  return { exact, started };
}
