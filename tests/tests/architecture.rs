//! ARCHITECTURE.md names only what exists: every file or folder it names
//! is in the repository, every crate is a package of the workspace or a
//! dependency of one, and every Rust item (`Setup::parse_with`,
//! `with_games!`, `GamePosition::RULES`) is defined in the sources.
//!
//! What it checks is every inline code span outside code blocks:
//!
//! - a span with a `/` or a file extension is a path: it must be a file or
//!   folder from the repository's root, or the end of the path of one
//!   (`records/pgn/` inside a crate's `src/`), or a file's name;
//! - a span of one word with a `-` (`polyfen-core`, `encoding_rs`) that is
//!   not a path is a crate: a workspace package or a dependency in a
//!   manifest;
//! - a span that reads as a Rust path (`A::b`, `Name<T>`, `name!`,
//!   `name()`) is an item: each segment must be defined in a `.rs` file
//!   (an item, a field, an enum variant, an associated item or a macro);
//! - anything else (commands, example texts such as `2Pb3p`) is prose.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root")
}

/// Every file below `dir`, skipping build output and hidden folders.
fn files(dir: &Path) -> Vec<PathBuf> {
    polyfen_test_support::files_below(dir, |path| {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        // Hidden files and folders are skipped, but for `.ci`, which holds what CI runs.
        !((name.starts_with('.') && name != ".ci") || name == "target" || name == "node_modules" || name == "book")
    })
}

/// The inline code spans of a Markdown text, outside fenced code blocks.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    let mut paragraph = String::new();
    let mut first_line = 0;
    let flush = |paragraph: &mut String, first_line: usize, spans: &mut Vec<(usize, String)>| {
        let mut parts = paragraph.split('`');
        parts.next();
        while let (Some(code), Some(_)) = (parts.next(), parts.next()) {
            spans.push((first_line, code.trim().to_owned()));
        }
        // a span that opens but never closes is left alone
        paragraph.clear();
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            flush(&mut paragraph, first_line, &mut spans);
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut paragraph, first_line, &mut spans);
            continue;
        }
        if paragraph.is_empty() {
            first_line = i + 1;
        }
        paragraph.push_str(line);
        paragraph.push('\n');
    }
    flush(&mut paragraph, first_line, &mut spans);
    spans
}

const EXTENSIONS: [&str; 12] =
    [".rs", ".md", ".json", ".js", ".html", ".css", ".toml", ".py", ".sh", ".ini", ".txt", ".yml"];

fn is_path(span: &str) -> bool {
    !span.contains(' ')
        && span.chars().any(|c| c.is_ascii_alphanumeric())
        && (span.contains('/') || EXTENSIONS.iter().any(|e| span.ends_with(e)))
}

fn is_ident(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The segments of a span that reads as a Rust path, or `None` for prose.
fn rust_path(span: &str) -> Option<Vec<String>> {
    let mut s = span.trim_end_matches("()").trim_end_matches('!');
    if let Some(open) = s.find('<') {
        if !s.ends_with('>') {
            return None;
        }
        s = &s[..open];
    }
    let segments: Vec<&str> = s.split("::").collect();
    if segments.iter().all(|seg| is_ident(seg)) {
        let has_shape = segments.len() > 1
            || span.ends_with('!')
            || span.ends_with("()")
            || span.contains('<')
            || segments[0].chars().next().is_some_and(|c| c.is_ascii_uppercase())
            || segments[0].contains('_');
        has_shape.then(|| segments.iter().map(|&seg| seg.to_owned()).collect())
    } else {
        None
    }
}

/// Every name the Rust sources define: items, macros, fields, variants,
/// associated items, and the crates (as their `lib` names).
fn defined_names(sources: &[(PathBuf, String)]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (_, text) in sources {
        for line in text.lines() {
            let line = line.trim_start();
            let words: Vec<&str> = line
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '!'))
                .filter(|w| !w.is_empty())
                .collect();
            for pair in words.windows(2) {
                if matches!(
                    pair[0],
                    "struct" | "enum" | "trait" | "type" | "fn" | "const" | "static" | "mod" | "union" | "macro_rules!"
                ) {
                    names.insert(pair[1].trim_end_matches('!').to_owned());
                }
            }
            // a field, an enum variant, or a name a macro makes: the first
            // word of a line, followed by `,`, `(`, `{`, `:` or `=`
            if let Some(first) = words.first() {
                let rest = line[line.find(first).map_or(0, |at| at + first.len())..].trim_start();
                if rest.starts_with([',', '(', '{', ':', '=']) || rest.is_empty() {
                    names.insert(first.trim_start_matches("pub").to_owned());
                }
            }
            // `pub x: T` fields
            if let Some(field) = line.strip_prefix("pub ").and_then(|l| l.split(':').next())
                && is_ident(field.trim())
            {
                names.insert(field.trim().to_owned());
            }
        }
    }
    names
}

#[test]
fn architecture_names_only_what_exists() {
    let root = root();
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let all = files(root);
    let relative: Vec<String> =
        all.iter().filter_map(|p| p.strip_prefix(root).ok()).map(|p| p.to_string_lossy().replace('\\', "/")).collect();
    let mut dirs = BTreeSet::new();
    for path in &relative {
        let mut at = path.as_str();
        while let Some(cut) = at.rfind('/') {
            at = &at[..cut];
            dirs.insert(format!("{at}/"));
        }
    }
    let sources: Vec<(PathBuf, String)> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter_map(|p| std::fs::read_to_string(p).ok().map(|t| (p.clone(), t)))
        .collect();
    let names = defined_names(&sources);
    let manifests: String = all
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "Cargo.toml"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();

    let mut missing = Vec::new();
    let mut checked = 0;
    for (line, span) in code_spans(&doc) {
        if is_path(&span) {
            checked += 1;
            let path = span.trim_start_matches("./");
            let exists = if path.ends_with('/') {
                dirs.contains(path) || dirs.iter().any(|d| d.ends_with(&format!("/{path}")))
            } else {
                relative.iter().any(|f| f == path || f.ends_with(&format!("/{path}")))
                    || dirs.contains(&format!("{path}/"))
                    || dirs.iter().any(|d| d.ends_with(&format!("/{path}/")))
            };
            if !exists {
                missing.push(format!("line {line}: no file or folder `{span}`"));
            }
        } else if span.contains('-')
            && !span.starts_with('-')
            && !span.contains(' ')
            && span.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            checked += 1;
            if !manifests.contains(&format!("name = \"{span}\"")) && !manifests.contains(&format!("\n{span} =")) {
                missing.push(format!("line {line}: no crate `{span}` in the workspace or its dependencies"));
            }
        } else if let Some(segments) = rust_path(&span) {
            checked += 1;
            for segment in segments {
                let crate_name = segment.replace('_', "-");
                let known = names.contains(&segment)
                    || manifests.contains(&format!("name = \"{crate_name}\""))
                    || manifests.contains(&format!("\n{crate_name} ="))
                    || matches!(segment.as_str(), "crate" | "self" | "super" | "std" | "Self");
                if !known {
                    missing.push(format!("line {line}: `{span}`: nothing named `{segment}` is defined"));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} names checked: is the span reader broken?");
    assert!(missing.is_empty(), "ARCHITECTURE.md names what does not exist:\n{}", missing.join("\n"));
}

#[test]
fn the_span_reader_classifies_spans() {
    let spans = code_spans("a `x/y.rs` b\n`Setup::parse_with`\n\n```text\n`not this`\n```\n`z`");
    let texts: Vec<&str> = spans.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(texts, ["x/y.rs", "Setup::parse_with", "z"]);
    assert!(is_path("crates/core/src/"));
    assert!(is_path("list.rs"));
    assert!(!is_path("cargo xtask ci"));
    assert!(!is_path("//!"));
    assert_eq!(rust_path("with_games!"), Some(vec!["with_games".to_owned()]));
    assert_eq!(rust_path("Setup<V>"), Some(vec!["Setup".to_owned()]));
    assert_eq!(rust_path("GamePosition::RULES"), Some(vec!["GamePosition".to_owned(), "RULES".to_owned()]));
    assert_eq!(rust_path("2Pb3p"), None);
    assert_eq!(rust_path("unsafe"), None);
}
