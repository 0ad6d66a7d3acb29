//! Reading Godot's output: which lines are errors, and the test runner's summary line.
//!
//! A GDScript error does not stop Godot and does not change its exit code: the function is
//! abandoned and the scene keeps running (or hangs, waiting on a coroutine that died). So a
//! headless run is judged by its output as well as its exit code.
//!
//! What counts as an error, after removing colour codes and leading blanks:
//! - `SCRIPT ERROR:` (GDScript runtime and parse errors),
//! - `ERROR:` (engine errors, and `push_error()` from scripts),
//! - `USER ERROR:`, `USER SCRIPT ERROR:` (how older Godot 4 versions label script errors),
//! - `SHADER ERROR:`,
//! - a line starting with `Parse Error`,
//! - `handle_crash:` (Godot's crash handler).
//!
//! Not counted: `WARNING:` / `USER WARNING:` (counted and reported, never fatal) and anything a
//! script prints itself; a test suite reports its own failures through its summary line, and a
//! scene without a runner through `PASS ...` and `FAIL ...` lines, which are counted too.
//! The indented lines after an error (`at: ...`, the GDScript backtrace) are kept with it.
//!
//! An error the engine raises by its own rules, which a test provokes on purpose (a node freed
//! while it emits a signal, say), is declared by the test printing
//! `expected engine error: <part of its text>`: each declaration forgives one error containing
//! that text, and a declared error that never came is a failure of its own.

const ERROR_PREFIXES: [&str; 7] = [
    "SCRIPT ERROR:",
    "USER SCRIPT ERROR:",
    "ERROR:",
    "USER ERROR:",
    "SHADER ERROR:",
    "Parse Error",
    "handle_crash:",
];
const WARNING_PREFIXES: [&str; 2] = ["WARNING:", "USER WARNING:"];
/// How a test declares an engine error it provokes on purpose.
const EXPECTED_ERROR: &str = "expected engine error: ";
/// How a scene states one check's verdict.
const PASS_LINE: &str = "PASS ";
const FAIL_LINE: &str = "FAIL ";

/// At most this many indented lines are kept after an error; backtraces can be long.
const MAX_CONTEXT_LINES: usize = 8;

/// Which of Godot's pipes a line came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// The test runner's `N passed, N failed` line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Summary {
    pub passed: u64,
    pub failed: u64,
}

/// Everything noteworthy seen in one Godot run, fed line by line.
#[derive(Default)]
pub struct Watcher {
    /// Each error with the indented lines that followed it.
    pub errors: Vec<Vec<String>>,
    pub warnings: usize,
    /// The last summary line seen.
    pub summary: Option<Summary>,
    /// Engine errors tests declared they provoke, by part of their text.
    pub expected: Vec<String>,
    /// How many `PASS ...` lines the scene printed.
    pub passes: usize,
    /// The `FAIL ...` lines the scene printed.
    pub fails: Vec<String>,
    /// The stream whose last line was an error, while its indented context continues.
    open_error: Option<Stream>,
}

impl Watcher {
    pub fn observe(&mut self, stream: Stream, raw_line: &str) {
        let line = strip_ansi(raw_line);
        let line = line.trim_end();
        let content = line.trim_start();
        // Context continues on the error's own pipe; the other pipe may interleave freely.
        if self.open_error == Some(stream) {
            if !content.is_empty() && content.len() < line.len() {
                let error = self.errors.last_mut().expect("an open error exists");
                if error.len() <= MAX_CONTEXT_LINES {
                    error.push(line.to_string());
                }
                return;
            }
            self.open_error = None;
        }
        if is_error(content) {
            self.errors.push(vec![content.to_string()]);
            self.open_error = Some(stream);
        } else if WARNING_PREFIXES.iter().any(|p| content.starts_with(p)) {
            self.warnings += 1;
        } else if let Some(expected) = content.strip_prefix(EXPECTED_ERROR) {
            self.expected.push(expected.to_string());
        } else if let Some(summary) = parse_summary(line) {
            self.summary = Some(summary);
        } else if content.starts_with(PASS_LINE) {
            self.passes += 1;
        } else if content.starts_with(FAIL_LINE) {
            self.fails.push(content.to_string());
        }
    }

    /// The errors no declaration forgives, and the declarations no error met.
    #[must_use]
    pub fn unexpected(&self) -> (Vec<&Vec<String>>, Vec<&str>) {
        let mut open: Vec<&str> = self.expected.iter().map(String::as_str).collect();
        let mut errors = Vec::new();
        for error in &self.errors {
            let first = error.first().map_or("", String::as_str);
            match open.iter().position(|e| first.contains(e)) {
                Some(i) => {
                    open.swap_remove(i);
                }
                None => errors.push(error),
            }
        }
        (errors, open)
    }
}

/// Whether a line (colour codes and leading blanks removed) is an error by the rules above.
pub fn is_error(content: &str) -> bool {
    ERROR_PREFIXES.iter().any(|p| content.starts_with(p))
}

/// Parses exactly `^\d+ passed, \d+ failed$`.
pub fn parse_summary(line: &str) -> Option<Summary> {
    let (passed, failed) = line.strip_suffix(" failed")?.split_once(" passed, ")?;
    let number = |text: &str| {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            text.parse().ok()
        } else {
            None
        }
    };
    Some(Summary {
        passed: number(passed)?,
        failed: number(failed)?,
    })
}

/// Removes ANSI escape sequences: Godot colours its output even into a pipe.
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.next() {
            // CSI: parameters and intermediates, then one final byte in '@'..='~'.
            Some('[') => {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            // OSC: up to BEL or ESC '\'.
            Some(']') => {
                while let Some(c) = chars.next() {
                    if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watch(lines: &[(Stream, &str)]) -> Watcher {
        let mut watcher = Watcher::default();
        for (stream, line) in lines {
            watcher.observe(*stream, line);
        }
        watcher
    }

    #[test]
    fn summary_line_is_exact() {
        assert_eq!(
            parse_summary("12 passed, 0 failed"),
            Some(Summary {
                passed: 12,
                failed: 0
            })
        );
        assert_eq!(
            parse_summary("0 passed, 3 failed"),
            Some(Summary {
                passed: 0,
                failed: 3
            })
        );
        assert_eq!(parse_summary("tests: 12 passed, 0 failed"), None);
        assert_eq!(parse_summary("12 passed, 0 failed."), None);
        assert_eq!(parse_summary(" passed, 0 failed"), None);
        assert_eq!(parse_summary("-1 passed, 0 failed"), None);
    }

    #[test]
    fn godot_46_script_errors_are_caught_with_their_context() {
        let w = watch(&[
            (
                Stream::Stdout,
                "Godot Engine v4.6.3.stable - https://godotengine.org",
            ),
            (
                Stream::Stderr,
                "SCRIPT ERROR: Invalid call. Nonexistent function 'foo' in base 'Nil'.",
            ),
            (Stream::Stderr, "          at: _ready (res://tests/rt.gd:6)"),
            (
                Stream::Stderr,
                "          GDScript backtrace (most recent call first):",
            ),
            (
                Stream::Stderr,
                "              [0] _ready (res://tests/rt.gd:6)",
            ),
            (Stream::Stdout, "after"),
        ]);
        assert_eq!(w.errors.len(), 1);
        assert_eq!(w.errors[0].len(), 4);
        assert!(w.errors[0][1].contains("res://tests/rt.gd:6"));
    }

    #[test]
    fn context_survives_lines_from_the_other_pipe() {
        let w = watch(&[
            (Stream::Stderr, "ERROR: a pushed error"),
            (Stream::Stdout, "3 passed, 0 failed"),
            (
                Stream::Stderr,
                "   at: push_error (core/variant/variant_utility.cpp:1024)",
            ),
        ]);
        assert_eq!(w.errors[0].len(), 2);
        assert!(w.summary.is_some());
    }

    #[test]
    fn parse_errors_and_pushed_errors_count_warnings_do_not() {
        let w = watch(&[
            (
                Stream::Stderr,
                "SCRIPT ERROR: Parse Error: Expected expression after \"+\" operator.",
            ),
            (
                Stream::Stderr,
                "          at: GDScript::reload (res://tests/bad.gd:3)",
            ),
            (
                Stream::Stderr,
                "ERROR: Failed to load script \"res://tests/bad.gd\" with error \"Parse error\".",
            ),
            (Stream::Stderr, "WARNING: a warning"),
            (
                Stream::Stderr,
                "     at: push_warning (core/variant/variant_utility.cpp:1034)",
            ),
            (Stream::Stderr, "ERROR: a pushed error"),
            (Stream::Stderr, "USER ERROR: from Godot 4.1"),
        ]);
        assert_eq!(w.errors.len(), 4);
        assert_eq!(w.warnings, 1);
        // The warning closed the open error: its `at:` line is not attached to anything.
        assert_eq!(w.errors[1].len(), 1);
    }

    #[test]
    fn coloured_lines_are_read_without_their_colours() {
        let w = watch(&[
            (
                Stream::Stderr,
                "\u{1b}[1;31mERROR:\u{1b}[0;91m something\u{1b}[0m",
            ),
            (Stream::Stdout, "\u{1b}[92m3 passed, 1 failed\u{1b}[0m"),
        ]);
        assert_eq!(w.errors, vec![vec!["ERROR: something".to_string()]]);
        assert_eq!(
            w.summary,
            Some(Summary {
                passed: 3,
                failed: 1
            })
        );
    }

    #[test]
    fn a_declared_engine_error_is_forgiven_once_and_a_missing_one_fails() {
        let mut w = Watcher::default();
        w.observe(
            Stream::Stdout,
            "expected engine error: freed while a signal",
        );
        w.observe(Stream::Stdout, "expected engine error: never comes");
        w.observe(
            Stream::Stderr,
            "ERROR: Object was freed while a signal is being emitted",
        );
        w.observe(
            Stream::Stderr,
            "ERROR: Object was freed while a signal is being emitted",
        );
        let (errors, missing) = w.unexpected();
        assert_eq!(errors.len(), 1, "one declaration forgives one error");
        assert_eq!(missing, ["never comes"]);
    }

    #[test]
    fn printed_text_mentioning_errors_is_not_an_error() {
        let w = watch(&[
            (
                Stream::Stdout,
                "test_error_path: expected ERROR: to be logged",
            ),
            (Stream::Stdout, "PASS handles parse errors"),
        ]);
        assert!(w.errors.is_empty());
    }

    #[test]
    fn verdict_lines_are_counted() {
        let w = watch(&[
            (Stream::Stdout, "PASS server: listens"),
            (Stream::Stdout, "PASS client: connects"),
            (Stream::Stdout, "FAIL client: the replica showed Lost"),
            (Stream::Stdout, "PASSED nothing"),
        ]);
        assert_eq!(w.passes, 2);
        assert_eq!(w.fails, ["FAIL client: the replica showed Lost"]);
    }

    #[test]
    fn strips_osc_sequences() {
        assert_eq!(strip_ansi("a\u{1b}]0;title\u{7}b"), "ab");
        assert_eq!(strip_ansi("a\u{1b}]8;;x\u{1b}\\b"), "ab");
    }
}
