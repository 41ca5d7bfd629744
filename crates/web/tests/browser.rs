//! The board page in a real browser: headless Chromium driven over
//! WebDriver (chromedriver) plays moves by clicking and dragging, sees the
//! engine reply and the move list grow, takes back, and finishes a game.
//! Skipped, with a message, when chromium or chromedriver is not installed
//! (`.ci/run` installs both). Set `OUTPOST_WEB_SCREENSHOT=<file.png>` to
//! keep a screenshot of the page.

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use outpost_web::{Config, Server};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The first of `names` found as an executable file in `PATH`.
fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// chromedriver, ended when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}

/// Polls `check` until it gives `Some`, failing after `limit`.
async fn wait_for<T, F, Fut>(what: &str, limit: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let start = Instant::now();
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

const PATIENCE: Duration = Duration::from_secs(60);

/// The move list's SAN texts, read in one script so that a re-render
/// between finding the elements and reading them cannot leave stale ones.
async fn sans(client: &Client) -> Vec<String> {
    let value = client
        .execute(
            "return Array.from(document.querySelectorAll('#moves .san'), e => e.textContent);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(value).unwrap()
}

/// Waits until the move list holds `n` moves and it is the player's turn.
async fn wait_for_moves(client: &Client, n: usize) -> Vec<String> {
    wait_for(&format!("{n} moves"), PATIENCE, || async {
        let moves = sans(client).await;
        let status = client
            .find(Locator::Id("status"))
            .await
            .ok()?
            .text()
            .await
            .ok()?;
        (moves.len() == n && (status.starts_with("Your move") || status.contains("Game over")))
            .then_some(moves)
    })
    .await
}

/// The piece on `square` ("wP", "bK", ...), read in one script.
async fn piece_on(client: &Client, square: &str) -> Option<String> {
    let value = client
        .execute(
            "const p = document.querySelector(`[data-square=\"${arguments[0]}\"] svg.piece`); \
             return p ? p.getAttribute('data-piece') : null;",
            vec![serde_json::json!(square)],
        )
        .await
        .unwrap();
    serde_json::from_value(value).unwrap()
}

async fn click_square(client: &Client, square: &str) {
    client
        .find(Locator::Css(&format!("[data-square=\"{square}\"]")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn drag(client: &Client, from: &str, to: &str) {
    let from = client
        .find(Locator::Css(&format!("[data-square=\"{from}\"]")))
        .await
        .unwrap();
    let to = client
        .find(Locator::Css(&format!("[data-square=\"{to}\"]")))
        .await
        .unwrap();
    let step = |element, x| PointerAction::MoveToElement {
        element,
        duration: Some(Duration::from_millis(100)),
        x,
        y: 0,
    };
    let mouse = MouseActions::new("mouse".to_string())
        .then(step(from.clone(), 0))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(step(from, 20))
        .then(step(to.clone(), 5))
        .then(step(to, 0))
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_on_the_board_page() {
    let Some(browser) = Browser::start("a_person_plays_on_the_board_page").await else {
        return;
    };
    let client = browser.client.clone();
    let base = browser.base.clone();
    client.set_window_size(1280, 900).await.unwrap();
    client.goto(&base).await.unwrap();
    wait_for_moves(&client, 0).await;
    assert_eq!(piece_on(&client, "e1").await.as_deref(), Some("wK"));
    assert_eq!(piece_on(&client, "d8").await.as_deref(), Some("bQ"));

    // Click-click: e2, then e4; the legal targets show once e2 is chosen.
    click_square(&client, "e2").await;
    let targets = client
        .find_all(Locator::Css(".square.target"))
        .await
        .unwrap();
    assert_eq!(targets.len(), 2);
    click_square(&client, "e4").await;
    let moves = wait_for_moves(&client, 2).await;
    assert_eq!(moves[0], "e4");
    assert_eq!(piece_on(&client, "e4").await.as_deref(), Some("wP"));
    assert_eq!(piece_on(&client, "e2").await, None);
    // The engine's reply is on the board: its last move's squares are marked
    // and a black piece stands on the destination.
    let marked: Vec<Option<String>> = serde_json::from_value(
        client
            .execute(
                "return Array.from(document.querySelectorAll('.square.last'), s => { \
                   const p = s.querySelector('svg.piece'); \
                   return p ? p.getAttribute('data-piece') : null; });",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(marked.len(), 2);
    assert!(marked.iter().flatten().any(|piece| piece.starts_with('b')));

    // An illegal target does nothing.
    click_square(&client, "g1").await;
    click_square(&client, "g4").await;
    assert_eq!(sans(&client).await.len(), 2);
    // Drag: the knight to f3.
    click_square(&client, "g1").await; // put it down again
    drag(&client, "g1", "f3").await;
    let moves = wait_for_moves(&client, 4).await;
    assert_eq!(moves[2], "Nf3");
    assert_eq!(piece_on(&client, "f3").await.as_deref(), Some("wN"));

    // Turn on the analysis and flip the board for the picture.
    client
        .find(Locator::Id("analyse"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for("an evaluation", PATIENCE, || async {
        let text = client
            .find(Locator::Id("eval"))
            .await
            .ok()?
            .text()
            .await
            .ok()?;
        (text.starts_with('+') || text.starts_with('-') || text.starts_with('#') || text == "0.00")
            .then_some(())
    })
    .await;
    if let Ok(path) = std::env::var("OUTPOST_WEB_SCREENSHOT") {
        let png = client.screenshot().await.unwrap();
        std::fs::write(&path, png).unwrap();
    }
    client
        .find(Locator::Id("analyse"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    client
        .find(Locator::Id("flip"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let first = client
        .execute(
            "return document.querySelector('#board .square').getAttribute('data-square');",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(first.as_str(), Some("h1"));
    client
        .find(Locator::Id("flip"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();

    // Take back: Nf3 and the reply go.
    client
        .find(Locator::Id("undo"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let moves = wait_for_moves(&client, 2).await;
    assert_eq!(moves[0], "e4");
    assert_eq!(piece_on(&client, "g1").await.as_deref(), Some("wN"));

    // A short game to its end: from a position where Black (the engine)
    // has one move, Kb8, and White then mates with Rh8.
    let fen_box = client.find(Locator::Css("details summary")).await.unwrap();
    fen_box.click().await.unwrap();
    let fen = client.find(Locator::Id("fen")).await.unwrap();
    fen.send_keys("k7/8/1K6/8/8/8/8/7R b - - 0 1")
        .await
        .unwrap();
    client
        .find(Locator::Id("new-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let moves = wait_for_moves(&client, 1).await;
    assert_eq!(moves, ["Kb8"]);
    click_square(&client, "h1").await;
    click_square(&client, "h8").await;
    let result = wait_for("the end of the game", PATIENCE, || async {
        let el = client.find(Locator::Id("result")).await.ok()?;
        let text = el.text().await.ok()?;
        (!text.is_empty()).then_some(text)
    })
    .await;
    assert!(
        result.contains("Checkmate") && result.contains("White wins"),
        "{result}"
    );
    assert_eq!(sans(&client).await, ["Kb8", "Rh8#"]);

    browser.finish().await;
}

/// A served page in headless Chromium, for tests that only look.
struct Browser {
    client: Client,
    base: String,
    stop: tokio::sync::oneshot::Sender<()>,
    running: tokio::task::JoinHandle<Result<(), outpost_web::WebError>>,
    profile: PathBuf,
    _driver: Driver,
}

impl Browser {
    /// The page's server and a browser pointed at it, or `None` (with a
    /// message) when chromium or chromedriver is missing.
    async fn start(test: &str) -> Option<Browser> {
        let (Some(chromium), Some(chromedriver)) = (
            find_program(&["chromium", "chromium-browser", "google-chrome"]),
            find_program(&["chromedriver"]),
        ) else {
            eprintln!(
                "SKIPPED {test}: chromium and chromedriver are not both installed \
                 (apt-get install -y chromium chromium-driver)"
            );
            return None;
        };
        let server = Server::bind(Config {
            port: 0,
            engines: 2,
            default_movetime: Duration::from_millis(100),
            ..Config::default()
        })
        .await
        .unwrap();
        let base = format!("http://{}", server.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let running = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        let port = free_port();
        let driver = Driver(
            Command::new(&chromedriver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let profile =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-profile-{port}"));
        let _ = std::fs::remove_dir_all(&profile);
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.display()),
                ]
            }
        });
        let capabilities = capabilities.as_object().unwrap().clone();
        let webdriver = format!("http://127.0.0.1:{port}");
        let client = wait_for("chromedriver", PATIENCE, || async {
            ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&webdriver)
                .await
                .ok()
        })
        .await;
        Some(Browser {
            client,
            base,
            stop,
            running,
            profile,
            _driver: driver,
        })
    }

    async fn finish(self) {
        self.client.close().await.unwrap();
        let _ = self.stop.send(());
        assert!(matches!(self.running.await, Ok(Ok(()))));
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Where the board and its 64 squares are drawn, and the viewport.
#[derive(serde::Deserialize, Debug)]
struct Geometry {
    board: [f64; 4],
    squares: Vec<[f64; 4]>,
    viewport: [f64; 2],
    page: [f64; 2],
}

async fn geometry(client: &Client) -> Geometry {
    let value = client
        .execute(
            "const rect = e => { const r = e.getBoundingClientRect(); \
               return [r.left, r.top, r.width, r.height]; }; \
             return { board: rect(document.querySelector('#board')), \
               squares: Array.from(document.querySelectorAll('#board .square'), rect), \
               viewport: [window.innerWidth, window.innerHeight], \
               page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight] };",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(value).unwrap()
}

/// Every square as wide as high and all the same size within a pixel, in 8
/// rows and 8 columns; the board square and inside the viewport; the page
/// no wider than the window.
fn assert_square_board(g: &Geometry, when: &str) {
    assert_eq!(g.squares.len(), 64, "{when}");
    let side = g.squares[0][2];
    for s in &g.squares {
        assert!(
            (s[2] - s[3]).abs() <= 1.0,
            "{when}: a square {s:?} is not square"
        );
        assert!(
            (s[2] - side).abs() <= 1.0,
            "{when}: squares of {side} and {} px",
            s[2]
        );
    }
    let distinct = |i: usize| {
        let mut v: Vec<i64> = g.squares.iter().map(|s| s[i].round() as i64).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    assert_eq!(distinct(0), 8, "{when}: columns");
    assert_eq!(distinct(1), 8, "{when}: rows");
    let [left, top, width, height] = g.board;
    assert!(
        (width - height).abs() <= 1.0,
        "{when}: board {width} x {height}"
    );
    assert!(
        (width - 8.0 * side).abs() <= 8.0,
        "{when}: board {width}, squares {side}"
    );
    assert!(left >= 0.0 && top >= 0.0, "{when}: board at {left}, {top}");
    assert!(
        left + width <= g.viewport[0] + 0.5,
        "{when}: board past the right edge"
    );
    assert!(
        top + height <= g.viewport[1] + 0.5,
        "{when}: board past the bottom"
    );
    assert!(
        g.page[0] <= g.viewport[0] + 0.5,
        "{when}: the page is wider than the window"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_is_square_at_every_size() {
    let Some(browser) = Browser::start("the_board_is_square_at_every_size").await else {
        return;
    };
    let client = &browser.client;
    let shots = std::env::var("OUTPOST_WEB_SCREENSHOT_DIR").ok();
    for (width, height) in [(1280u32, 900u32), (1024, 700), (390, 844)] {
        client.set_window_size(width, height).await.unwrap();
        client.goto(&browser.base).await.unwrap();
        wait_for_moves(client, 0).await;
        let size = format!("{width}x{height}");
        assert_square_board(&geometry(client).await, &format!("{size}, first load"));
        if let Some(dir) = &shots {
            let png = client.screenshot().await.unwrap();
            std::fs::write(Path::new(dir).join(format!("web-board-{size}.png")), png).unwrap();
        }
        // After 1. e4 and the engine's reply: empty ranks keep their height.
        click_square(client, "e2").await;
        click_square(client, "e4").await;
        wait_for_moves(client, 2).await;
        assert_square_board(&geometry(client).await, &format!("{size}, after 1. e4"));
        // Flipped.
        client
            .find(Locator::Id("flip"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        assert_square_board(&geometry(client).await, &format!("{size}, flipped"));
        client
            .find(Locator::Id("flip"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        // During a drag: the piece held over another square.
        let from = client
            .find(Locator::Css("[data-square=\"g1\"]"))
            .await
            .unwrap();
        let over = client
            .find(Locator::Css("[data-square=\"f3\"]"))
            .await
            .unwrap();
        let hold = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveToElement {
                element: from.clone(),
                duration: Some(Duration::from_millis(50)),
                x: 0,
                y: 0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveToElement {
                element: over,
                duration: Some(Duration::from_millis(100)),
                x: 5,
                y: 5,
            });
        client.perform_actions(hold).await.unwrap();
        let dragging: bool = serde_json::from_value(
            client
                .execute(
                    "return !!document.querySelector('svg.piece.dragging');",
                    vec![],
                )
                .await
                .unwrap(),
        )
        .unwrap();
        assert!(dragging, "{size}: no piece is being dragged");
        assert_square_board(&geometry(client).await, &format!("{size}, during a drag"));
        client.release_actions().await.unwrap();
    }
    // With the promotion dialog open (a white pawn on the seventh rank).
    client.set_window_size(390, 844).await.unwrap();
    client.goto(&browser.base).await.unwrap();
    wait_for_moves(client, 0).await;
    client
        .find(Locator::Css("details summary"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let fen = client.find(Locator::Id("fen")).await.unwrap();
    fen.send_keys("8/P6k/8/8/8/8/8/K7 w - - 0 1").await.unwrap();
    client
        .find(Locator::Id("new-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for_moves(client, 0).await;
    click_square(client, "a7").await;
    click_square(client, "a8").await;
    let open: bool = serde_json::from_value(
        client
            .execute(
                "return !document.querySelector('#promotion').hidden;",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert!(open, "the promotion dialog did not open");
    let g = geometry(client).await;
    assert_square_board(&g, "390x844, promotion dialog open");
    let dialog: [f64; 4] = serde_json::from_value(
        client
            .execute(
                "const r = document.querySelector('#promotion').getBoundingClientRect(); \
                 return [r.left, r.top, r.width, r.height];",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert!(
        dialog[0] >= g.board[0] - 0.5 && dialog[0] + dialog[2] <= g.board[0] + g.board[2] + 0.5,
        "the promotion dialog {dialog:?} leaves the board {:?}",
        g.board
    );
    if let Some(dir) = &shots {
        let png = client.screenshot().await.unwrap();
        std::fs::write(Path::new(dir).join("web-board-390x844-promotion.png"), png).unwrap();
    }
    browser.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_draw_offer_and_resignation_in_the_page() {
    let Some(browser) = Browser::start("hint_draw_offer_and_resignation_in_the_page").await else {
        return;
    };
    let client = &browser.client;
    client.set_window_size(1280, 900).await.unwrap();
    client.goto(&browser.base).await.unwrap();
    wait_for_moves(client, 0).await;
    let status = || async {
        client
            .find(Locator::Id("status"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    };
    // A hint: the suggestion named and its squares marked.
    client
        .find(Locator::Id("hint"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let hint = wait_for("a hint", PATIENCE, || async {
        let text = status().await;
        text.strip_prefix("Hint: ").map(str::to_string)
    })
    .await;
    let marked: usize = serde_json::from_value(
        client
            .execute(
                "return document.querySelectorAll('.square.hint').length;",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(marked, 2, "hint {hint}");
    // A draw offer at the start: the engine has no score yet and declines.
    client
        .find(Locator::Id("draw"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for("the engine's answer", PATIENCE, || async {
        status().await.contains("declines").then_some(())
    })
    .await;
    // Resigning ends the game, announced on the page.
    client
        .find(Locator::Id("resign"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let result = wait_for("the end of the game", PATIENCE, || async {
        let el = client.find(Locator::Id("result")).await.ok()?;
        let text = el.text().await.ok()?;
        (!text.is_empty()).then_some(text)
    })
    .await;
    assert_eq!(result, "White resigned — Black wins (0-1)");
    assert_eq!(status().await, "Game over");
    browser.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_count_down_and_a_flag_ends_the_game() {
    let Some(browser) = Browser::start("clocks_count_down_and_a_flag_ends_the_game").await else {
        return;
    };
    let client = &browser.client;
    client.set_window_size(1280, 900).await.unwrap();
    client.goto(&browser.base).await.unwrap();
    wait_for_moves(client, 0).await;
    let clock = |side: &'static str| async move {
        client
            .find(Locator::Id(&format!("clock-{side}")))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    };
    // A 5+0 game: both clocks shown, White's running after Black's reply.
    let select = |value: &'static str| async move {
        client
            .execute(
                "const s = document.getElementById('time-control'); \
                 if (![...s.options].some(o => o.value === arguments[0])) { \
                   const o = document.createElement('option'); o.value = o.textContent = arguments[0]; s.appendChild(o); } \
                 s.value = arguments[0];",
                vec![json!(value)],
            )
            .await
            .unwrap();
    };
    select("5+0").await;
    client
        .find(Locator::Id("new-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for_moves(client, 0).await;
    assert_eq!(clock("black").await, "5:00");
    click_square(client, "e2").await;
    click_square(client, "e4").await;
    wait_for_moves(client, 2).await;
    let white = clock("white").await;
    assert!(white.starts_with("4:5"), "{white}");
    let running: String = serde_json::from_value(
        client
            .execute(
                "return document.querySelector('.clock.running').id;",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(running, "clock-white");
    if let Ok(dir) = std::env::var("OUTPOST_WEB_SCREENSHOT_DIR") {
        let png = client.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join("web-clocks.png"), png).unwrap();
    }
    // Three seconds and no move: the page counts down, asks the server, and
    // shows the game lost on time.
    select("0.05+0").await;
    client
        .find(Locator::Id("new-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let result = wait_for("the flag", PATIENCE, || async {
        let el = client.find(Locator::Id("result")).await.ok()?;
        let text = el.text().await.ok()?;
        text.contains("on time").then_some(text)
    })
    .await;
    assert_eq!(result, "White lost on time — Black wins (0-1)");
    assert_eq!(clock("white").await, "0:00.0");
    browser.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_game_is_reviewed_with_a_graph() {
    let Some(browser) = Browser::start("a_pasted_game_is_reviewed_with_a_graph").await else {
        return;
    };
    let client = &browser.client;
    client.set_window_size(1280, 1300).await.unwrap();
    client.goto(&browser.base).await.unwrap();
    wait_for_moves(client, 0).await;
    client
        .find(Locator::Css("#review-paste summary"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    client
        .find(Locator::Id("review-text"))
        .await
        .unwrap()
        .send_keys("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")
        .await
        .unwrap();
    client
        .find(Locator::Id("review-pasted"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let summary = wait_for("the review", PATIENCE, || async {
        let text = client
            .find(Locator::Id("review-status"))
            .await
            .ok()?
            .text()
            .await
            .ok()?;
        text.starts_with("Reviewed").then_some(text)
    })
    .await;
    assert!(summary.contains("1 blunder,"), "{summary}");
    // The graph: a point per move, the blunder marked.
    let points: usize = serde_json::from_value(
        client
            .execute(
                "return document.querySelectorAll('#graph circle').length;",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(points, 7);
    let blunders: usize = serde_json::from_value(
        client
            .execute(
                "return document.querySelectorAll('#graph circle.blunder').length;",
                vec![],
            )
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(blunders, 1);
    // Clicking the point of 3. Qh5 shows that position on the board.
    assert_eq!(piece_on(client, "h5").await, None);
    client
        .find(Locator::Css("#graph circle[data-ply=\"4\"]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(piece_on(client, "h5").await.as_deref(), Some("wQ"));
    assert_eq!(piece_on(client, "d1").await, None);
    let status = client
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.starts_with("3. Qh5"), "{status}");
    // And the move list's blunder shows the position after it.
    client
        .find(Locator::Css("#review-moves li[data-ply=\"5\"]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(piece_on(client, "f6").await.as_deref(), Some("bN"));
    if let Ok(dir) = std::env::var("OUTPOST_WEB_SCREENSHOT_DIR") {
        let png = client.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join("web-review.png"), png).unwrap();
    }
    browser.finish().await;
}
