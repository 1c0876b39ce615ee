//! Lines from a byte stream: line ends, the byte order mark, the length limit, and whether
//! the bytes are text.
//!
//! The reader is never asked for more than one line at a time, and a line is cut at
//! [`MAX_LINE`] bytes (the rest is read and dropped), so memory stays bounded whatever the
//! input: a file with no line ends at all streams like any other. Bytes are checked as UTF-8
//! here but only judged by the caller, because a comment may hold anything.

use std::io::{self, BufRead, ErrorKind};

pub(crate) use super::MAX_LINE;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why the usable text of a line stops before the line does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cut {
    /// The line was longer than [`MAX_LINE`].
    TooLong,
    /// This byte does not belong in text: invalid UTF-8.
    NotUtf8(u8),
}

/// One line of input, without its line end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    /// Line number, from 1.
    pub(crate) number: usize,
    /// The raw bytes, at most [`MAX_LINE`] of them.
    pub(crate) bytes: &'a [u8],
    /// The longest prefix of `bytes` that is UTF-8 text.
    pub(crate) text: &'a str,
    /// Why `text` stops early, if it does.
    pub(crate) cut: Option<Cut>,
}

/// Splits a reader into lines at LF, CRLF or a lone CR.
#[derive(Debug)]
pub(crate) struct Source<R> {
    reader: R,
    buf: Vec<u8>,
    too_long: bool,
    number: usize,
    /// The last line ended with CR, so an LF starting the next read belongs to it.
    after_cr: bool,
    /// The last line stopped at a NUL byte, where reading ends: nothing after it is read, so
    /// an endless stream of them (`/dev/zero`) ends at the first.
    nul: bool,
}

impl<R: BufRead> Source<R> {
    pub(crate) fn new(reader: R) -> Source<R> {
        Source {
            reader,
            buf: Vec::new(),
            too_long: false,
            number: 0,
            after_cr: false,
            nul: false,
        }
    }

    /// Number of the last line read, 0 before the first.
    pub(crate) fn number(&self) -> usize {
        self.number
    }

    /// Whether the input starts with a UTF-16 byte order mark (checked on line 1 only).
    pub(crate) fn is_utf16(&self) -> bool {
        self.number == 1 && (self.buf.starts_with(b"\xFF\xFE") || self.buf.starts_with(b"\xFE\xFF"))
    }

    /// Whether the last line stopped at a NUL byte: the input ends there.
    pub(crate) fn is_at_nul(&self) -> bool {
        self.nul
    }

    /// Reads the next line; `Ok(false)` at the end of the input, and after a NUL byte.
    pub(crate) fn advance(&mut self) -> io::Result<bool> {
        if self.nul {
            return Ok(false);
        }
        self.buf.clear();
        self.too_long = false;
        let mut started = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if started {
                    break;
                }
                return Ok(false);
            }
            if self.after_cr {
                self.after_cr = false;
                if available[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            started = true;
            match line_end(available) {
                Some(end) => {
                    self.after_cr = available[end] == b'\r';
                    self.nul = available[end] == 0;
                    keep(&mut self.buf, &mut self.too_long, &available[..end]);
                    self.reader.consume(end + 1);
                    break;
                }
                None => {
                    let n = available.len();
                    keep(&mut self.buf, &mut self.too_long, available);
                    self.reader.consume(n);
                }
            }
        }
        self.number += 1;
        if self.number == 1 && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
        }
        Ok(true)
    }

    /// The line last read by [`Source::advance`].
    pub(crate) fn line(&self) -> Line<'_> {
        let (text, cut) = match std::str::from_utf8(&self.buf) {
            Ok(text) => (text, self.too_long.then_some(Cut::TooLong)),
            Err(e) => {
                let valid = e.valid_up_to();
                let text = std::str::from_utf8(&self.buf[..valid]).unwrap_or_default();
                // A character split by the length limit is the limit's fault, not the text's.
                let cut = if e.error_len().is_none() && self.too_long {
                    Cut::TooLong
                } else {
                    Cut::NotUtf8(self.buf[valid])
                };
                (text, Some(cut))
            }
        };
        Line {
            number: self.number,
            bytes: &self.buf,
            text,
            cut,
        }
    }
}

/// Where the first line end (LF or CR) or NUL byte in `bytes` is. Sixteen bytes are looked at
/// a time, without a branch per byte, which the compiler turns into vector compares: every
/// line read goes through here.
fn line_end(bytes: &[u8]) -> Option<usize> {
    const CHUNK: usize = 16;
    let is_end = |b: u8| (b == b'\n') | (b == b'\r') | (b == 0);
    let mut chunks = bytes.chunks_exact(CHUNK);
    let mut start = 0;
    for chunk in chunks.by_ref() {
        if chunk.iter().fold(false, |any, &b| any | is_end(b)) {
            break;
        }
        start += CHUNK;
    }
    let rest = &bytes[start..];
    rest.iter().position(|&b| is_end(b)).map(|end| start + end)
}

/// Appends `bytes` to the line, up to [`MAX_LINE`]; anything past it only sets `too_long`.
fn keep(buf: &mut Vec<u8>, too_long: &mut bool, bytes: &[u8]) {
    let room = MAX_LINE - buf.len();
    if bytes.len() > room {
        *too_long = true;
    }
    buf.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_end_is_found_wherever_it_falls_against_the_chunks() {
        for len in 0..50 {
            for end in [b'\n', b'\r', 0] {
                for at in 0..len {
                    let mut bytes = vec![b'.'; len];
                    bytes[at] = end;
                    // A later end does not count.
                    if at + 1 < len {
                        bytes[len - 1] = b'\n';
                    }
                    assert_eq!(line_end(&bytes), Some(at), "{len} bytes, {end} at {at}");
                }
            }
            assert_eq!(line_end(&vec![b'7'; len]), None, "{len} bytes, no end");
        }
    }

    fn lines(input: &[u8]) -> Vec<(usize, String, Option<Cut>)> {
        let mut source = Source::new(input);
        let mut out = Vec::new();
        while source.advance().unwrap() {
            let line = source.line();
            out.push((line.number, line.text.to_owned(), line.cut));
        }
        out
    }

    #[test]
    fn every_line_end_splits_once() {
        let got = lines(b"a\nb\r\nc\rd\n\ne");
        let texts: Vec<&str> = got.iter().map(|(_, text, _)| text.as_str()).collect();
        assert_eq!(texts, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(got.last().unwrap().0, 6);
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n").len(), 1);
    }

    #[test]
    fn crlf_split_across_reads_is_one_line_end() {
        let reader = io::BufReader::with_capacity(2, &b"ab\r\ncd\r\n"[..]);
        let mut source = Source::new(reader);
        let mut texts = Vec::new();
        while source.advance().unwrap() {
            texts.push(source.line().text.to_owned());
        }
        assert_eq!(texts, ["ab", "cd"]);
    }

    #[test]
    fn byte_order_mark_is_dropped_from_the_first_line_only() {
        let got = lines(b"\xEF\xBB\xBF12\n\xEF\xBB\xBF3");
        assert_eq!(got[0].1, "12");
        assert_eq!(got[1].1, "\u{feff}3");
    }

    #[test]
    fn long_lines_are_cut_and_flagged() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nnext");
        let got = lines(&input);
        assert_eq!(got[0].1.len(), MAX_LINE);
        assert_eq!(got[0].2, Some(Cut::TooLong));
        assert_eq!(got[1].1, "next");
    }

    #[test]
    fn a_nul_byte_ends_the_input_even_in_an_endless_stream() {
        let mut source = Source::new(io::BufReader::new(io::repeat(0)));
        assert!(source.advance().unwrap());
        assert!(source.is_at_nul());
        assert_eq!(source.line().text, "");
        assert!(!source.advance().unwrap(), "nothing is read after the NUL");
        let got = lines(b"ab\ncd\0ef\ngh");
        let texts: Vec<&str> = got.iter().map(|(_, text, _)| text.as_str()).collect();
        assert_eq!(texts, ["ab", "cd"]);
    }

    #[test]
    fn invalid_utf8_keeps_the_valid_prefix() {
        let got = lines(b"ab\xFFcd");
        assert_eq!(got[0].1, "ab");
        assert_eq!(got[0].2, Some(Cut::NotUtf8(0xFF)));
    }
}
