//! Search keys: a game's name as a Turkish player types it. Lower-cased by Turkish rules ('İ' → 'i',
//! 'I' → 'ı'), then folded to the letters of a non-Turkish keyboard (ç → c, ğ → g, ı → i, ö → o,
//! ş → s, ü → u, â → a, and the Latin accents), anything else than letters and digits becoming one
//! space, an apostrophe nothing. The key is stored with each game and the query folded the same
//! way, so "ışık", "ISIK" and "IŞIK" all find "Işık", and "istanbul" finds "İSTANBUL".

/// The folded form of `text`: lower-case ASCII letters, digits (and any other script's letters,
/// lower-cased), words separated by one space.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    let mut push = |l: char| match plain(l) {
        // A dotted capital I lower-cased by the generic rule gives 'i' and a combining dot;
        // an apostrophe joins ("Sultan'ın" is typed "sultanin").
        None => {}
        Some(p) if p.is_alphanumeric() => {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(p);
        }
        Some(_) => space = true,
    };
    for c in text.chars() {
        match c {
            'İ' => push('i'),
            'I' => push('ı'),
            c => c.to_lowercase().for_each(&mut push),
        }
    }
    out
}

/// A lower-case letter without its accent (None for a combining mark).
fn plain(c: char) -> Option<char> {
    Some(match c {
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' => 'c',
        'ğ' | 'ĝ' | 'ġ' | 'ģ' => 'g',
        'ı' | 'î' | 'ï' | 'í' | 'ì' | 'ī' | 'į' | 'ĩ' => 'i',
        'ö' | 'ô' | 'ó' | 'ò' | 'õ' | 'ø' | 'ō' | 'ő' => 'o',
        'ş' | 'ś' | 'š' | 'ŝ' | 'ș' => 's',
        'ü' | 'û' | 'ú' | 'ù' | 'ū' | 'ů' | 'ű' | 'ų' | 'ũ' => 'u',
        'â' | 'á' | 'à' | 'ä' | 'ã' | 'å' | 'ā' | 'ą' | 'ă' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'ē' | 'ę' | 'ė' | 'ě' => 'e',
        'ñ' | 'ń' | 'ň' => 'n',
        'ý' | 'ÿ' => 'y',
        'ž' | 'ź' | 'ż' => 'z',
        'ř' => 'r',
        'ť' | 'ţ' | 'ț' => 't',
        'ď' | 'đ' => 'd',
        'ł' | 'ľ' | 'ĺ' => 'l',
        'ß' => 's',
        'æ' => 'a',
        'œ' => 'o',
        '\u{300}'..='\u{36f}' | '\'' | '’' | '‘' | '`' | '´' => return None,
        c => c,
    })
}

/// The folded words of a query (at most eight), each to be found in a game's folded name.
pub fn words(query: &str) -> Vec<String> {
    fold(query).split(' ').filter(|w| !w.is_empty()).take(8).map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turkish_capitals_lower_by_turkish_rules_then_fold() {
        assert_eq!(fold("IŞIK"), "isik");
        assert_eq!(fold("ışık"), "isik");
        assert_eq!(fold("İSTANBUL"), "istanbul");
        assert_eq!(fold("istanbul"), "istanbul");
        assert_eq!(fold("Çılgın Şeker Ağacı Ölçü Üzüm"), "cilgin seker agaci olcu uzum");
        assert_eq!(fold("Kâğıt"), "kagit");
    }

    #[test]
    fn punctuation_becomes_one_space() {
        assert_eq!(fold("  Sultan's   Gold!! "), "sultans gold");
        assert_eq!(fold("Sultan’ın Altını"), "sultanin altini");
        assert_eq!(fold("Book-of-Ra 100%"), "book of ra 100");
        assert_eq!(fold("Crème Brûlée"), "creme brulee");
    }

    #[test]
    fn a_decomposed_dotted_i_folds_like_the_composed_one() {
        assert_eq!(fold("I\u{307}STANBUL"), fold("İSTANBUL"));
        assert_eq!(fold("Sig\u{306}"), "sig");
    }

    #[test]
    fn a_query_is_its_folded_words() {
        assert_eq!(words("Işık  Gold"), vec!["isik", "gold"]);
        assert!(words(" %_ ").is_empty());
        assert!(words("").is_empty());
    }
}
