//! Numbers in SVG: deterministic formatting. (Text is escaped by
//! `render::markup`, the crate's one escaper.)

/// `x` rounded to `digits` decimals, trailing zeros dropped, never `-0`;
/// not-finite numbers as 0 (SVG has no NaN).
pub fn fixed(x: f64, digits: usize) -> String {
    if !x.is_finite() {
        return "0".to_owned();
    }
    let mut s = format!("{x:.digits$}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_owned();
    }
    s
}

/// A coordinate, to 1/100 px.
pub fn num(x: f64) -> String {
    fixed(x, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(f64::NAN), "0");
    }
}
