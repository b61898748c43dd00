//! Personal data masked for log lines and screens.

/// Hides all but the first `head` and last `tail` characters.
pub fn mask_middle(s: &str, head: usize, tail: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= head + tail {
        return "*".repeat(chars.len());
    }
    let mut out: String = chars[..head].iter().collect();
    out.push_str(&"*".repeat(chars.len() - head - tail));
    out.extend(&chars[chars.len() - tail..]);
    out
}
