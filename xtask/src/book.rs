//! `cargo xtask book`: the book in `docs/` built into HTML with mdBook, then
//! every link of the built pages checked.
//!
//! The checker reads the `href` and `src` attributes of every HTML page of
//! the built book:
//!
//! - a relative link must name a file of the book, and its `#anchor` an
//!   `id` of that page;
//! - a link to the server's root (`/?input=...`, the web page with a
//!   position filled in) must carry text polyfen reads, since the book is
//!   served by `polyfen serve` at `/book/`;
//! - `/book/...` links (the 404 page's) must name a file of the book;
//! - links to other sites are left alone (no network).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The mdBook version CI installs (`cargo install mdbook --locked --version`).
pub const MDBOOK_VERSION: &str = "0.5.4";

/// Whether `mdbook` can be run.
pub fn mdbook_available() -> bool {
    Command::new("mdbook").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Builds `docs/` into `docs/book` and checks its links.
pub fn build(root: &Path) -> Result<(), String> {
    if !mdbook_available() {
        return Err(format!(
            "mdbook is not installed: `cargo install mdbook --locked --version {MDBOOK_VERSION}` installs it"
        ));
    }
    let docs = root.join("docs");
    eprintln!("$ mdbook build docs");
    let status =
        Command::new("mdbook").arg("build").arg(&docs).status().map_err(|e| format!("cannot run mdbook: {e}"))?;
    if !status.success() {
        return Err(format!("`mdbook build docs` failed ({status})"));
    }
    let book = docs.join("book");
    let problems = check_links(&book)?;
    if problems.is_empty() {
        eprintln!("xtask: book built in {} and every link checked", book.display());
        Ok(())
    } else {
        for problem in &problems {
            eprintln!("{problem}");
        }
        Err(format!("{} broken link(s) in the book", problems.len()))
    }
}

/// Every broken link of the HTML pages under `book`, one line each
/// (`page: link: why`).
pub fn check_links(book: &Path) -> Result<Vec<String>, String> {
    let mut pages = Vec::new();
    files(book, &mut pages).map_err(|e| format!("cannot read {}: {e}", book.display()))?;
    let mut ids: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut texts = Vec::new();
    for page in pages.iter().filter(|p| p.extension().is_some_and(|e| e == "html")) {
        let text = std::fs::read_to_string(page).map_err(|e| format!("cannot read {}: {e}", page.display()))?;
        ids.insert(page.clone(), attribute_values(&text, "id").into_iter().collect());
        texts.push((page.clone(), text));
    }
    let mut problems = Vec::new();
    for (page, text) in &texts {
        let shown = page.strip_prefix(book).unwrap_or(page).display().to_string();
        for link in attribute_values(text, "href").into_iter().chain(attribute_values(text, "src")) {
            if let Err(why) = check_link(book, page, &link, &ids) {
                problems.push(format!("{shown}: {link}: {why}"));
            }
        }
    }
    Ok(problems)
}

/// Checks one link of `page`.
fn check_link(book: &Path, page: &Path, link: &str, ids: &BTreeMap<PathBuf, BTreeSet<String>>) -> Result<(), String> {
    let link = link.replace("&amp;", "&");
    if ["http://", "https://", "mailto:", "javascript:", "data:"].iter().any(|p| link.starts_with(p)) {
        return Ok(());
    }
    if let Some(query) = link.strip_prefix("/?") {
        return check_page_link(query);
    }
    if link == "/" {
        return Ok(());
    }
    let (path, anchor) = match link.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (link.as_str(), None),
    };
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    let target = if path.is_empty() {
        page.to_path_buf()
    } else if let Some(inside) = path.strip_prefix("/book/") {
        book.join(inside)
    } else if path.starts_with('/') {
        return Err("a link to the server's root other than the page (/?input=...) or the book (/book/...)".into());
    } else {
        page.parent().unwrap_or(book).join(path)
    };
    let target = if target.is_dir() || path.ends_with('/') { target.join("index.html") } else { target };
    let target = normalize(&target);
    if !target.starts_with(normalize(book)) {
        return Err("leads outside the book".into());
    }
    if !target.is_file() {
        return Err(format!("no such file {}", target.strip_prefix(normalize(book)).unwrap_or(&target).display()));
    }
    if let Some(anchor) = anchor.filter(|a| !a.is_empty()) {
        let anchor = percent_decode(anchor)?;
        match ids.get(&target) {
            Some(found) if found.contains(&anchor) => {}
            Some(_) => return Err(format!("no element with id '{anchor}' there")),
            None => return Err("an anchor into a file that is not a page".into()),
        }
    }
    Ok(())
}

/// A link to the web page must pre-fill text polyfen reads.
fn check_page_link(query: &str) -> Result<(), String> {
    let input =
        query.split('&').find_map(|pair| pair.strip_prefix("input=")).ok_or("a link to the page without input=")?;
    let input = percent_decode(&input.replace('+', " "))?;
    polyfen::read(&input, None, &polyfen::ReadOptions::default())
        .map(|_| ())
        .map_err(|e| format!("the page would not read {input:?}: {e}"))
}

/// `%XX` escapes decoded, as UTF-8.
fn percent_decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3).ok_or_else(|| format!("a cut % escape in {text:?}"))?;
            out.push(u8::from_str_radix(hex, 16).map_err(|_| format!("a bad % escape in {text:?}"))?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("{text:?} is not UTF-8 once decoded"))
}

/// The values of every `name="..."` attribute in `html`.
fn attribute_values(html: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&needle) {
        rest = &rest[at + needle.len()..];
        if let Some(end) = rest.find('"') {
            out.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    out
}

/// `..` and `.` taken out of a path, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(pages: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("polyfen-book-test-{}-{}", std::process::id(), pages.len()));
        let _ = std::fs::remove_dir_all(&dir);
        for (name, text) in pages {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("writable");
            std::fs::write(path, text).expect("writable");
        }
        dir
    }

    #[test]
    fn good_links_pass_and_each_broken_one_is_named() {
        let dir = book(&[
            ("index.html", r#"<a href="a.html#top">a</a> <a href="https://example.org/x">x</a> <img src="img/b.png">"#),
            (
                "a.html",
                r#"<h1 id="top">A</h1><a href="index.html">back</a><a href="/?input=8%2F8%2F8%2F8%2F8%2F8%2F8%2Fk6K%20w%20-%20-%200%201">try</a>"#,
            ),
            ("img/b.png", "png"),
            ("404.html", r#"<a href="/book/index.html">home</a>"#),
        ]);
        assert_eq!(check_links(&dir).expect("readable"), Vec::<String>::new());
        let dir = book(&[
            ("index.html", r##"<a href="missing.html">m</a><a href="a.html#nope">n</a><a href="#here">h</a>"##),
            (
                "a.html",
                r#"<a href="/?input=not%20a%20position">p</a><a href="/v1/info">i</a><a href="../../etc">e</a>"#,
            ),
        ]);
        let problems = check_links(&dir).expect("readable");
        let said = problems.join("\n");
        assert_eq!(problems.len(), 6, "{said}");
        assert!(said.contains("index.html: missing.html: no such file missing.html"), "{said}");
        assert!(said.contains("index.html: a.html#nope: no element with id 'nope' there"), "{said}");
        assert!(said.contains("index.html: #here: no element with id 'here' there"), "{said}");
        assert!(
            said.contains("a.html: /?input=not%20a%20position: the page would not read \"not a position\""),
            "{said}"
        );
        assert!(said.contains("a.html: /v1/info: a link to the server's root"), "{said}");
        assert!(said.contains("a.html: ../../etc: leads outside the book"), "{said}");
    }

    #[test]
    fn ci_installs_the_mdbook_version_named_here() {
        let run = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.ci/run")).expect(".ci/run");
        assert!(run.contains(&format!("cargo install mdbook --locked --version {MDBOOK_VERSION}")), "{run}");
    }

    #[test]
    fn escapes_decode() {
        assert_eq!(percent_decode("a%2Fb%20c").as_deref(), Ok("a/b c"));
        assert!(percent_decode("a%2").is_err());
        assert!(percent_decode("%ff").is_err());
    }
}
