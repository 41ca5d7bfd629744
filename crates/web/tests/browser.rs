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
    let (Some(chromium), Some(chromedriver)) = (
        find_program(&["chromium", "chromium-browser", "google-chrome"]),
        find_program(&["chromedriver"]),
    ) else {
        eprintln!(
            "SKIPPED a_person_plays_on_the_board_page: chromium and chromedriver are not both \
             installed (apt-get install -y chromium chromium-driver)"
        );
        return;
    };

    let server = Server::bind(Config {
        port: 0,
        searchers: 2,
        default_movetime: Duration::from_millis(150),
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
    let _driver = Driver(
        Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let profile = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-profile-{port}"));
    let _ = std::fs::remove_dir_all(&profile);
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--window-size=1280,900",
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

    client.close().await.unwrap();
    let _ = stop.send(());
    assert!(matches!(running.await, Ok(Ok(()))));
    let _ = std::fs::remove_dir_all(&profile);
}
