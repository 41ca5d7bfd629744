//! The board page and its script, style and icon, built into the binary.

use axum::http::header;
use axum::response::{Html, IntoResponse};

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// Its script.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// Its style sheet.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
/// Its icon.
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    Html(INDEX_HTML)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
}

/// `GET /favicon.svg`.
pub async fn favicon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml")], FAVICON_SVG)
}
