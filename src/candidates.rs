//! A typed bitset of digits: the candidates of a cell, or the digits present in a unit.
//!
//! Bit `d - 1` stands for digit `d`, so one 64-bit word holds the digits of every board up to
//! [`Shape::MAX_SIDE`](crate::geometry::Shape::MAX_SIDE). A set does not know its board's
//! side: the complement within a board is `shape.all_digits().without(set)`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

use crate::geometry::{Digit, Shape};

/// The raw integer behind [`Candidates`]: a bit for each digit of the largest board.
pub(crate) type Bits = u64;

/// A set of digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Candidates(Bits);

impl Candidates {
    /// No digit.
    pub(crate) const EMPTY: Candidates = Candidates(0);

    /// The set of these raw bits: bit `d - 1` for digit `d`.
    #[inline]
    pub(crate) const fn from_bits(bits: Bits) -> Candidates {
        Candidates(bits)
    }

    /// The raw bits: bit `d - 1` for digit `d`.
    #[inline]
    pub(crate) const fn bits(self) -> Bits {
        self.0
    }

    /// The digits 1 to `n` (`n` at most 64).
    #[inline]
    pub(crate) const fn below(n: usize) -> Candidates {
        if n >= Bits::BITS as usize {
            Candidates(Bits::MAX)
        } else {
            Candidates((1 << n) - 1)
        }
    }

    /// The set holding `digit` alone.
    #[inline]
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) const fn single(digit: Digit) -> Candidates {
        Candidates(1 << digit.bit())
    }

    /// The digits of `self` that are not in `other`.
    #[inline]
    pub(crate) const fn without(self, other: Candidates) -> Candidates {
        Candidates(self.0 & !other.0)
    }

    /// Whether `digit` is in the set.
    #[inline]
    pub(crate) const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.bit()) != 0
    }

    /// Adds `digit`.
    #[inline]
    pub(crate) fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.bit();
    }

    /// Removes `digit`.
    #[inline]
    pub(crate) fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.bit());
    }

    /// Number of digits in the set.
    #[inline]
    pub(crate) const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit, if the set holds exactly one.
    #[inline]
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) const fn single_digit(self) -> Option<Digit> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(Digit::from_bit(self.0.trailing_zeros()))
        } else {
            None
        }
    }

    /// The smallest digit in the set.
    #[inline]
    pub(crate) const fn lowest(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit::from_bit(self.0.trailing_zeros()))
        }
    }

    /// The digits in ascending order.
    #[inline]
    pub(crate) fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Ascending iterator over the digits of a [`Candidates`].
#[derive(Clone, Debug)]
pub(crate) struct Iter(Bits);

impl Iterator for Iter {
    type Item = Digit;

    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Digit::from_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let bit = Bits::BITS - 1 - self.0.leading_zeros();
        self.0 &= !(1 << bit);
        Some(Digit::from_bit(bit))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for Candidates {
    type Item = Digit;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Candidates {
        let mut set = Candidates::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl BitAnd for Candidates {
    type Output = Candidates;
    #[inline]
    fn bitand(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 & rhs.0)
    }
}

impl BitAndAssign for Candidates {
    #[inline]
    fn bitand_assign(&mut self, rhs: Candidates) {
        self.0 &= rhs.0;
    }
}

impl BitOr for Candidates {
    type Output = Candidates;
    #[inline]
    fn bitor(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 | rhs.0)
    }
}

impl BitOrAssign for Candidates {
    #[inline]
    fn bitor_assign(&mut self, rhs: Candidates) {
        self.0 |= rhs.0;
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        write!(f, "}}")
    }
}

// Written here rather than in `geometry`, so that the set of digits depends on the geometry
// and not the other way round.
impl Shape {
    /// The set of every digit of the board.
    #[inline]
    pub(crate) const fn all_digits(self) -> Candidates {
        Candidates::below(self.side())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: usize) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn below_holds_every_digit_up_to_n_and_nothing_else() {
        for n in [1, 4, 9, 25, 63, 64] {
            let all = Candidates::below(n);
            assert_eq!(all.len() as usize, n);
            assert!((1..=n).all(|v| all.contains(d(v))));
            assert_eq!(all.without(all), Candidates::EMPTY);
        }
        assert_eq!(Candidates::below(0), Candidates::EMPTY);
    }

    #[test]
    fn single_digit_needs_exactly_one() {
        assert_eq!(Candidates::single(d(7)).single_digit(), Some(d(7)));
        assert_eq!(Candidates::EMPTY.single_digit(), None);
        let two: Candidates = [d(2), d(9)].into_iter().collect();
        assert_eq!(two.single_digit(), None);
        assert_eq!(two.lowest(), Some(d(2)));
    }

    #[test]
    fn iterates_in_ascending_order() {
        let set: Candidates = [d(9), d(1), d(5)].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![d(1), d(5), d(9)]);
        assert_eq!(set.iter().len(), 3);
        assert_eq!(set.iter().rev().collect::<Vec<_>>(), vec![d(9), d(5), d(1)]);
        assert_eq!(format!("{set:?}"), "{159}");
    }

    #[test]
    fn insert_and_remove_are_inverse() {
        let mut set = Candidates::EMPTY;
        set.insert(d(4));
        assert!(set.contains(d(4)));
        set.remove(d(4));
        assert!(set.is_empty());
        set.insert(d(64));
        assert_eq!(set.iter().next_back(), Some(d(64)));
    }
}
