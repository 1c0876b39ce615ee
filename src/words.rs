//! Numbers in English, for the messages people read: the article a number takes when it is
//! spoken (`an 8x8 board`, `an 11x11`, `an 18x18`, `an 80-cell line`, `a 9x9`), and a count
//! with its noun in the singular or the plural (`1 solution`, `2 solutions`).
//!
//! This module owns only wording; what the messages say belongs to their modules.
//!
//! ```
//! use explore::words;
//!
//! assert_eq!(format!("{} 8x8 board", words::article(8)), "an 8x8 board");
//! assert_eq!(words::sized(11), "an 11x11");
//! assert_eq!(words::count(1, "given", "givens"), "1 given");
//! ```

/// `an` for a number whose spoken name begins with a vowel sound (eight, eleven, eighteen,
/// eighty, eight hundred, eleven thousand ...), else `a`.
pub fn article(n: u128) -> &'static str {
    let digits = n.to_string();
    // A group of three digits is named by its leading one or two: 11,000 is eleven thousand,
    // while 110 is one hundred and ten.
    let eleven = digits.len() % 3 == 2 && (digits.starts_with("11") || digits.starts_with("18"));
    if digits.starts_with('8') || eleven {
        "an"
    } else {
        "a"
    }
}

/// A board of side `side` with its article: `a 9x9`, `an 8x8`.
pub fn sized(side: usize) -> String {
    format!("{} {side}x{side}", article(side as u128))
}

/// `n` and its noun: `one` when `n` is 1, else `many`.
pub fn count(n: u128, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_spoken_with_a_vowel_take_an() {
        let an = [8, 11, 18, 80, 81, 89, 800, 8_000, 11_000, 18_500, 80_000];
        let a = [
            1, 4, 9, 10, 12, 16, 25, 64, 100, 110, 180, 1_100, 1_800, 110_000,
        ];
        for n in an {
            assert_eq!(article(n), "an", "{n}");
        }
        for n in a {
            assert_eq!(article(n), "a", "{n}");
        }
    }
}
