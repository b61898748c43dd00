//! `Accept-Encoding`: which body encoding a client takes, by the weights (`q`) it gives them.

/// An encoding the server sends as stored: brotli, gzip, or the bytes as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// Its name in `Accept-Encoding` and `Content-Encoding`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
            Encoding::Identity => "identity",
        }
    }

    /// The suffix of a file stored in this encoding (`app.js.br`).
    pub fn file_suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => ".br",
            Encoding::Gzip => ".gz",
            Encoding::Identity => "",
        }
    }
}

/// The weight an `Accept-Encoding` value gives `encoding`: its own entry's, else that of `*`, else 0.
/// A missing or unreadable `q` counts as 1 and 0 respectively.
pub fn weight(accept: &str, encoding: Encoding) -> f32 {
    let mut star = None;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
            .next()
            .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
        if name.eq_ignore_ascii_case(encoding.name()) {
            return q;
        }
        if name == "*" {
            star = Some(q);
        }
    }
    star.unwrap_or(0.0)
}

/// Whether the client takes `encoding` (a weight above zero).
pub fn accepts(accept: &str, encoding: Encoding) -> bool {
    weight(accept, encoding) > 0.0
}

/// Of `offered` (brotli and gzip, as stored), the one the client weighs highest, brotli first on a tie;
/// [`Encoding::Identity`] when it takes none of them (or sent no `Accept-Encoding`).
pub fn choose(accept: Option<&str>, offered: &[Encoding]) -> Encoding {
    let Some(accept) = accept else { return Encoding::Identity };
    let mut best = (Encoding::Identity, 0.0);
    for &encoding in [Encoding::Brotli, Encoding::Gzip].iter().filter(|e| offered.contains(e)) {
        let q = weight(accept, encoding);
        if q > best.1 {
            best = (encoding, q);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::Encoding::{Brotli, Gzip, Identity};
    use super::{accepts, choose};

    #[test]
    fn gzip_is_taken_only_with_a_weight_above_zero() {
        assert!(accepts("gzip, deflate, br, zstd", Gzip));
        assert!(accepts("br;q=1.0, GZIP;q=0.5", Gzip));
        assert!(accepts("*", Gzip));
        assert!(!accepts("gzip;q=0, br", Gzip));
        assert!(!accepts("gzip;q=0, *", Gzip));
        assert!(!accepts("identity", Gzip));
        assert!(!accepts("", Gzip));
    }

    #[test]
    fn brotli_is_preferred_unless_the_client_weighs_gzip_higher() {
        let both = [Brotli, Gzip];
        assert_eq!(choose(Some("gzip, deflate, br, zstd"), &both), Brotli);
        assert_eq!(choose(Some("gzip, deflate"), &both), Gzip);
        assert_eq!(choose(Some("br;q=0, gzip"), &both), Gzip);
        assert_eq!(choose(Some("br;q=0.5, gzip;q=0.8"), &both), Gzip);
        assert_eq!(choose(Some("*"), &both), Brotli);
        assert_eq!(choose(Some("br;q=0, gzip;q=0"), &both), Identity);
        assert_eq!(choose(Some("identity"), &both), Identity);
        assert_eq!(choose(None, &both), Identity);
        assert_eq!(choose(Some("br"), &[Gzip]), Identity);
    }
}
