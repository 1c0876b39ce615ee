//! How the digits of puzzles are written: [`Symbols`], the sets of characters and numbers a
//! puzzle's text may use (public as `explore::format::Symbols`).
//!
//! A module of its own because both reading ([`crate::format`]) and its errors
//! ([`crate::error`], which say what a symbol set accepts) need it, and the errors must not
//! depend on the reader that raises them.

use std::fmt;
use std::str::FromStr;

/// How the digits of puzzles are written.
///
/// ```
/// use explore::format::Symbols;
///
/// assert_eq!("hex".parse::<Symbols>()?, Symbols::Hex);
/// assert_eq!(Symbols::default().to_string(), "alnum");
/// # Ok::<(), explore::format::UnknownSymbols>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Symbols {
    /// Digits `1`-`9`, then letters for 10 and up in either case (`A` = 10, `G` = 16,
    /// `P` = 25, `Z` = 35); `.` `0` `-` `_` are empty cells. A line whose cells are separate
    /// numbers and could not be read otherwise (`16 0 3 ...`, with a number of two digits no
    /// larger than the row is long) is read as numbers, as in [`Symbols::Numbers`].
    #[default]
    Alnum,
    /// Hexadecimal, as 16x16 puzzles are often written: `0`-`9` then `A`-`F` (either case) are
    /// the 16 digits 1 to 16, so `0` is 1 and `F` is 16; `.` `-` `_` are empty cells.
    Hex,
    /// Every cell a number, apart from the next by a space, tab, comma, bar or bracket
    /// (`16 0 3`, `{16, 0, 3}`); `0` `.` `-` `_` are empty cells. The only way to write digits
    /// above 35. A letter standing alone is read as in [`Symbols::Alnum`], as boards above 35
    /// are printed with letters up to 35 and numbers above.
    Numbers,
}

/// A name that is none of [`Symbols::ALL`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown symbols '{0}'; expected alnum, hex or numbers")]
pub struct UnknownSymbols(pub String);

impl Symbols {
    /// Every set of symbols, the default first.
    pub const ALL: &'static [Symbols] = &[Symbols::Alnum, Symbols::Hex, Symbols::Numbers];

    /// The name the command line uses.
    pub const fn name(self) -> &'static str {
        match self {
            Symbols::Alnum => "alnum",
            Symbols::Hex => "hex",
            Symbols::Numbers => "numbers",
        }
    }

    /// One line on what the symbols are.
    pub const fn summary(self) -> &'static str {
        match self {
            Symbols::Alnum => {
                "1-9 then letters, A = 10 ... G = 16 ... P = 25; . 0 - _ empty; rows of separate \
                 numbers are read as numbers"
            }
            Symbols::Hex => "0-9 then A-F are the digits 1 to 16 (0 = 1, F = 16); . - _ empty",
            Symbols::Numbers => "separate numbers, 1 to 64; 0 . - _ empty",
        }
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symbols {
    type Err = UnknownSymbols;

    fn from_str(s: &str) -> Result<Symbols, UnknownSymbols> {
        Symbols::ALL
            .iter()
            .copied()
            .find(|symbols| symbols.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSymbols(s.to_owned()))
    }
}
