//! The book at `/book/`: the pages `cargo xtask book` built, embedded in
//! the binary when it was compiled (see the crate's build script).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

include!(concat!(env!("OUT_DIR"), "/book.rs"));

/// Whether this binary holds the built book.
#[must_use]
pub fn embedded() -> bool {
    !BOOK.is_empty()
}

/// `/book`: to `/book/`, so that the pages' relative links work.
pub(crate) async fn root_redirect() -> Redirect {
    Redirect::permanent("/book/")
}

/// `/book/`: the book's first page.
pub(crate) async fn index() -> Response {
    file("index.html")
}

/// `/book/PATH`: a file of the book.
pub(crate) async fn page(Path(path): Path<String>) -> Response {
    let path = if path.is_empty() || path.ends_with('/') { format!("{path}index.html") } else { path };
    file(&path)
}

fn file(path: &str) -> Response {
    if !embedded() {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            "<!doctype html><title>polyfen: no book</title><p>This server was built without the book. \
             Build it with <code>cargo xtask book</code> (it needs mdBook: \
             <code>cargo install mdbook --locked</code>), then build polyfen again.</p>",
        )
            .into_response();
    }
    if let Ok(i) = BOOK.binary_search_by(|(name, _)| (*name).cmp(path)) {
        let (name, bytes) = BOOK[i];
        return ([(header::CONTENT_TYPE, content_type(name)), (header::CACHE_CONTROL, "no-cache")], bytes)
            .into_response();
    }
    let missing = BOOK
        .binary_search_by(|(name, _)| (*name).cmp("404.html"))
        .map_or(&b"<!doctype html><title>not found</title><p>No such page in the book.</p>"[..], |i| BOOK[i].1);
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], missing).into_response()
}

/// The content type of a file of the book, from its extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
