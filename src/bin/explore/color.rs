//! Whether to colour: `--color auto|always|never`, and in `auto`, the environment.
//!
//! The program colours in two places only: clap's help and error messages, and the log lines of
//! the tracing subscriber on standard error. Results, tables, the `--trace` table and the
//! progress bar have no colour at all. Both places ask this module, so they agree:
//!
//! - `--color always` and `--color never` win over the environment;
//! - in `auto` (the default), a non-empty `NO_COLOR` turns colour off (<https://no-color.org>);
//!   otherwise a `CLICOLOR_FORCE` other than empty or `0` turns it on, even into a pipe;
//!   otherwise `CLICOLOR=0` turns it off; otherwise the stream must be a terminal, and `TERM`
//!   not `dumb`.
//!
//! These are the rules clap applies itself (through `anstream`), so passing `auto` on to clap
//! and deciding here for the subscriber gives one answer.

use std::ffi::{OsStr, OsString};

use clap::ValueEnum;

/// `--color`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub(crate) enum Color {
    /// colour where the stream is a terminal, unless NO_COLOR is set or CLICOLOR_FORCE asks
    #[default]
    Auto,
    /// always colour
    Always,
    /// never colour
    Never,
}

impl Color {
    /// Whether a stream gets colour: `is_terminal` says whether it is a terminal.
    pub(crate) fn enabled(self, is_terminal: bool) -> bool {
        self.enabled_with(is_terminal, |name| std::env::var_os(name))
    }

    /// [`Color::enabled`] with the environment given, for tests.
    fn enabled_with(self, is_terminal: bool, var: impl Fn(&str) -> Option<OsString>) -> bool {
        let set = |name: &str| var(name).is_some_and(|value| !value.is_empty());
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto if set("NO_COLOR") => false,
            Color::Auto if set("CLICOLOR_FORCE") && var("CLICOLOR_FORCE") != Some("0".into()) => {
                true
            }
            Color::Auto if var("CLICOLOR").as_deref() == Some(OsStr::new("0")) => false,
            Color::Auto => is_terminal && var("TERM").as_deref() != Some(OsStr::new("dumb")),
        }
    }

    /// The same choice for clap's own help and errors.
    pub(crate) fn for_clap(self) -> clap::ColorChoice {
        match self {
            Color::Auto => clap::ColorChoice::Auto,
            Color::Always => clap::ColorChoice::Always,
            Color::Never => clap::ColorChoice::Never,
        }
    }

    /// The `--color` of a command line, read before clap parses it, so that clap's own help and
    /// errors follow it too. The last one counts, as clap would have it; an invalid value is
    /// left for clap to report, and nothing after `--` is an option.
    pub(crate) fn from_args(args: &[OsString]) -> Color {
        let mut color = Color::Auto;
        let mut args = args.iter().skip(1);
        while let Some(arg) = args.next() {
            let value = match arg.to_str() {
                Some("--") => break,
                Some("--color") => args.next().and_then(|value| value.to_str()),
                Some(arg) => arg.strip_prefix("--color="),
                None => None,
            };
            if let Some(parsed) = value.and_then(|value| Color::from_str(value, false).ok()) {
                color = parsed;
            }
        }
        color
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| OsString::from(value))
        }
    }

    #[test]
    fn the_flag_wins_over_the_environment() {
        let forced = env(&[("CLICOLOR_FORCE", "1")]);
        assert!(!Color::Never.enabled_with(true, &forced));
        let no = env(&[("NO_COLOR", "1")]);
        assert!(Color::Always.enabled_with(false, &no));
    }

    #[test]
    fn auto_follows_no_color_then_clicolor_force_then_the_terminal() {
        assert!(Color::Auto.enabled_with(true, env(&[])));
        assert!(!Color::Auto.enabled_with(false, env(&[])));
        assert!(!Color::Auto.enabled_with(true, env(&[("NO_COLOR", "1")])));
        assert!(Color::Auto.enabled_with(true, env(&[("NO_COLOR", "")])));
        assert!(
            !Color::Auto.enabled_with(true, env(&[("NO_COLOR", "x"), ("CLICOLOR_FORCE", "1")]))
        );
        assert!(Color::Auto.enabled_with(false, env(&[("CLICOLOR_FORCE", "1")])));
        assert!(!Color::Auto.enabled_with(false, env(&[("CLICOLOR_FORCE", "0")])));
        assert!(!Color::Auto.enabled_with(true, env(&[("CLICOLOR", "0")])));
        assert!(!Color::Auto.enabled_with(true, env(&[("TERM", "dumb")])));
    }

    #[test]
    fn the_flag_is_read_before_clap() {
        let args = |list: &[&str]| -> Vec<OsString> {
            std::iter::once("explore")
                .chain(list.iter().copied())
                .map(OsString::from)
                .collect()
        };
        assert_eq!(Color::from_args(&args(&[])), Color::Auto);
        assert_eq!(Color::from_args(&args(&["--color", "never"])), Color::Never);
        assert_eq!(
            Color::from_args(&args(&["x.txt", "--color=always"])),
            Color::Always
        );
        assert_eq!(
            Color::from_args(&args(&["--color=never", "--color", "always"])),
            Color::Always
        );
        assert_eq!(
            Color::from_args(&args(&["--", "--color=never"])),
            Color::Auto
        );
        assert_eq!(Color::from_args(&args(&["--color", "purple"])), Color::Auto);
    }
}
