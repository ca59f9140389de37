//! The book at `/book/`: the built pages when the binary embeds them (CI
//! builds the book first and then requires it: `POLYFEN_REQUIRE_BOOK=1`),
//! and a page saying how to build it when it does not.

mod common;

use common::{client, get, start};
use polyfen_server::{Config, book_embedded};

#[tokio::test]
async fn the_book_is_served_at_book() {
    let required = std::env::var("POLYFEN_REQUIRE_BOOK").is_ok_and(|v| v == "1");
    assert!(book_embedded() || !required, "the book was built, so the server must embed it");
    let base = start(Config::default()).await;
    let c = client();
    if !book_embedded() {
        let (status, content_type, body) = get(&c, &base, "/book/").await;
        assert_eq!(status, 404);
        assert!(content_type.starts_with("text/html"));
        assert!(body.contains("cargo xtask book"), "{body}");
        return;
    }
    let (status, content_type, body) = get(&c, &base, "/book/").await;
    assert_eq!((status, content_type.as_str()), (200, "text/html; charset=utf-8"));
    assert!(body.contains("<title>Introduction - polyfen"), "the first chapter");
    let (status, _, chapter) = get(&c, &base, "/book/reading-part-by-part.html").await;
    assert_eq!(status, 200);
    assert!(chapter.contains("<title>Reading a notation, part by part - polyfen"));
    // the chapter links to the page with a position filled in
    assert!(chapter.contains("href=\"/?input=4k3%2F8%2F8%2F8%2F4P3%2F8%2F8%2FR3K2R%20b%20KQ%20e3%200%201\""));
    // every stylesheet and script a page names is served, with its type
    for (attribute, kind) in [("href=\"", "text/css"), ("src=\"", "text/javascript")] {
        let names: Vec<&str> = chapter
            .split(attribute)
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|link| !link.starts_with("http") && link.ends_with(if kind == "text/css" { ".css" } else { ".js" }))
            .collect();
        assert!(!names.is_empty(), "{kind}");
        for name in names {
            let (status, content_type, _) = get(&c, &base, &format!("/book/{name}")).await;
            assert_eq!(status, 200, "{name}");
            assert!(content_type.starts_with(kind), "{name}: {content_type}");
        }
    }
    let (status, _, body) = get(&c, &base, "/book/no-such-chapter.html").await;
    assert_eq!(status, 404);
    assert!(body.contains("<html"), "the book's own 404 page");
    let response = c.get(format!("{base}/book")).send().await.expect("an answer");
    assert_eq!(response.url().path(), "/book/", "redirected");
}
