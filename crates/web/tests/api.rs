//! The real server over HTTP with a real client: every endpoint, every
//! error case, concurrent games, the streamed analysis, a full pool and a
//! full game store.

use futures_util::StreamExt;
use outpost_web::{Config, Server};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::sync::oneshot;

/// A running server and the way to stop it.
struct TestServer {
    base: String,
    stop: Option<oneshot::Sender<()>>,
    done: tokio::task::JoinHandle<Result<(), outpost_web::WebError>>,
}

impl TestServer {
    async fn start(config: Config) -> TestServer {
        let server = Server::bind(Config { port: 0, ..config }).await.unwrap();
        let base = format!("http://{}", server.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let done = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        TestServer {
            base,
            stop: Some(stop),
            done,
        }
    }

    async fn default() -> TestServer {
        TestServer::start(test_config()).await
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Stops the server and checks that it shut down cleanly.
    async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let finished = tokio::time::timeout(Duration::from_secs(30), &mut self.done).await;
        assert!(matches!(finished, Ok(Ok(Ok(())))), "{finished:?}");
    }
}

fn test_config() -> Config {
    Config {
        engines: 2,
        max_movetime: Duration::from_secs(3),
        default_movetime: Duration::from_millis(100),
        max_analysis: Duration::from_secs(20),
        ..Config::default()
    }
}

async fn post(client: &Client, url: &str, body: Value) -> (StatusCode, Value) {
    let res = client.post(url).json(&body).send().await.unwrap();
    let status = res.status();
    (status, res.json().await.unwrap())
}

async fn get(client: &Client, url: &str) -> (StatusCode, Value) {
    let res = client.get(url).send().await.unwrap();
    let status = res.status();
    (status, res.json().await.unwrap())
}

/// An error answer: the status, and a JSON body naming the problem.
fn assert_error(answer: &(StatusCode, Value), status: StatusCode, code: &str, mentions: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"], code, "{}", answer.1);
    let message = answer.1["message"].as_str().unwrap();
    assert!(
        message.contains(mentions),
        "{message:?} should mention {mentions:?}"
    );
}

const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_moves_and_reports_the_position_after() {
    let server = TestServer::default().await;
    let client = Client::new();
    let url = server.url("/api/move");
    let (status, body) = post(
        &client,
        &url,
        json!({"moves": ["e2e4", "e7e5"], "movetime_ms": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let uci = body["uci"].as_str().unwrap();
    assert_eq!(body["pv"][0], uci);
    assert_eq!(body["pv_san"][0], body["san"]);
    assert_eq!(body["status"]["state"], "ongoing");
    // The FEN after is the position after the engine's move.
    let (_, legal) = get(
        &client,
        &server.url("/api/legal-moves?fen=rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR%20w%20KQkq%20e6%200%202"),
    )
    .await;
    assert!(legal["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["uci"] == uci));
    assert!(body["fen"].as_str().unwrap().contains(" b KQkq"));

    // Mate in one: found, announced, and the game is over after it.
    let (status, body) = post(&client, &url, json!({"fen": MATE_IN_ONE, "depth": 4})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["uci"], "a1a8");
    assert_eq!(body["san"], "Ra8#");
    assert_eq!(body["score"], json!({"mate": 1}));
    assert_eq!(
        body["status"],
        json!({"state": "checkmate", "winner": "white", "result": "1-0"})
    );

    // At a level.
    let (status, body) = post(&client, &url, json!({"elo": 1200, "movetime_ms": 50})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["uci"].as_str().unwrap().len() >= 4);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_gives_the_lines_asked_for() {
    let server = TestServer::default().await;
    let client = Client::new();
    let (status, body) = post(
        &client,
        &server.url("/api/analyse"),
        json!({"fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "depth": 6, "multipv": 3}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let lines = body["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    let firsts: Vec<&str> = lines.iter().map(|l| l["pv"][0].as_str().unwrap()).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["multipv"], i + 1);
        assert_eq!(
            line["pv"].as_array().unwrap().len(),
            line["pv_san"].as_array().unwrap().len()
        );
        assert!(line["score"].get("cp").is_some() || line["score"].get("mate").is_some());
    }
    assert_eq!(body["depth"], 6);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn legal_moves_in_both_notations() {
    let server = TestServer::default().await;
    let client = Client::new();
    let (status, body) = get(&client, &server.url("/api/legal-moves")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["moves"].as_array().unwrap().len(), 20);
    let url = reqwest::Url::parse_with_params(
        &server.url("/api/legal-moves"),
        &[("fen", "8/4P3/8/8/8/k7/8/K7 w - - 0 1")],
    )
    .unwrap();
    let (status, body) = get(&client, url.as_str()).await;
    assert_eq!(status, StatusCode::OK);
    let moves = body["moves"].as_array().unwrap();
    assert!(moves
        .iter()
        .any(|m| m["uci"] == "e7e8q" && m["san"] == "e8=Q"));
    assert!(moves
        .iter()
        .any(|m| m["uci"] == "e7e8n" && m["san"] == "e8=N"));
    // Stalemate: no moves, and the status says why.
    let url = reqwest::Url::parse_with_params(
        &server.url("/api/legal-moves"),
        &[("fen", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")],
    )
    .unwrap();
    let (_, body) = get(&client, url.as_str()).await;
    assert_eq!(body["moves"].as_array().unwrap().len(), 0);
    assert_eq!(body["status"]["state"], "stalemate");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_request_is_a_json_error_naming_the_problem() {
    let server = TestServer::default().await;
    let client = Client::new();
    let url = server.url("/api/move");
    // Not JSON, JSON of the wrong shape, an unknown field, no content type.
    let res = client
        .post(&url)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let answer = (res.status(), res.json::<Value>().await.unwrap());
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_json", "invalid JSON");
    let answer = post(&client, &url, json!({"moves": "e2e4"})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_json", "moves");
    let answer = post(&client, &url, json!({"elo": "strong"})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_json", "elo");
    let answer = post(&client, &url, json!({"level": 3})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_json", "level");
    let res = client.post(&url).body("{}").send().await.unwrap();
    let answer = (res.status(), res.json::<Value>().await.unwrap());
    assert_error(
        &answer,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "bad_json",
        "Content-Type",
    );
    // Too large a body.
    let big = json!({"moves": vec!["e2e4"; 10_000]});
    let answer = post(&client, &url, big).await;
    assert_error(
        &answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        "bad_json",
        "length limit",
    );
    // Bad FEN, illegal and unreadable moves, a move after the end.
    let answer = post(&client, &url, json!({"fen": "8/8/8/8 w - - 0 1"})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_fen",
        "8/8/8/8 w - - 0 1",
    );
    let answer = post(&client, &url, json!({"moves": ["e2e4", "e2e4"]})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_move", "e2e4");
    let answer = post(&client, &url, json!({"moves": ["castle"]})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_move", "castle");
    let mated = json!({"moves": ["f2f3", "e7e5", "g2g4", "d8h4"]});
    let answer = post(&client, &url, mated).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "game_over", "checkmate");
    let answer = post(
        &client,
        &url,
        json!({"moves": ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]}),
    )
    .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_move", "already over");
    // Levels and limits out of range.
    let answer = post(&client, &url, json!({"elo": 599})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_parameter", "elo 599");
    let answer = post(&client, &url, json!({"elo": 5000})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "elo 5000",
    );
    let answer = post(&client, &url, json!({"movetime_ms": 0})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "movetime_ms 0",
    );
    let answer = post(&client, &url, json!({"movetime_ms": 999_999})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "movetime_ms 999999",
    );
    let answer = post(&client, &url, json!({"depth": 99})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "depth 99",
    );
    let analyse = server.url("/api/analyse");
    let answer = post(&client, &analyse, json!({"multipv": 0})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "multipv 0",
    );
    let answer = post(
        &client,
        &analyse,
        json!({"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"}),
    )
    .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_fen", "side-to-move");
    // Queries.
    let answer = get(&client, &server.url("/api/legal-moves?fen=xyz")).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_fen", "xyz");
    let answer = get(&client, &server.url("/api/legal-moves?colour=white")).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_query", "colour");
    let answer = get(&client, &server.url("/api/analyse/stream?depth=x")).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_query", "depth");
    let answer = get(&client, &server.url("/api/analyse/stream?fen=bad")).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_fen", "bad");
    // Unknown routes, games and analyses.
    let answer = get(&client, &server.url("/api/nothing")).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", "/api/nothing");
    let answer = get(&client, &server.url("/api/games/0123456789abcdef")).await;
    assert_error(
        &answer,
        StatusCode::NOT_FOUND,
        "not_found",
        "0123456789abcdef",
    );
    let answer = post(
        &client,
        &server.url("/api/games/nope/moves"),
        json!({"move": "e2e4"}),
    )
    .await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", "nope");
    let answer = post(&client, &server.url("/api/games/nope/undo"), json!({})).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", "nope");
    let answer = post(&client, &server.url("/api/analyse/nope/stop"), json!({})).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", "analysis");
    // Games: bad colour, level, FEN.
    let games = server.url("/api/games");
    let answer = post(&client, &games, json!({"engine_color": "green"})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "engine_color",
    );
    let answer = post(&client, &games, json!({"elo": 12})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_parameter", "elo 12");
    let answer = post(&client, &games, json!({"fen": "rnbqkbnr"})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_fen", "rnbqkbnr");
    // The server still answers.
    let (status, _) = get(&client, &server.url("/api/legal-moves")).await;
    assert_eq!(status, StatusCode::OK);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_state_from_start_to_mate() {
    let server = TestServer::default().await;
    let client = Client::new();
    let (status, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"engine_color": "black", "elo": 1500, "movetime_ms": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(game["moves"].as_array().unwrap().len(), 0);
    assert_eq!(game["turn"], "white");
    assert_eq!(game["engine_color"], "black");
    assert_eq!(game["legal_moves"].as_array().unwrap().len(), 20);
    let moves = server.url(&format!("/api/games/{id}/moves"));
    let undo = server.url(&format!("/api/games/{id}/undo"));
    // SAN or long algebraic; the engine answers each.
    let (status, game) = post(&client, &moves, json!({"move": "e4"})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["san"][0], "e4");
    assert_eq!(game["san"].as_array().unwrap().len(), 2);
    assert_eq!(game["engine_move"]["uci"], game["moves"][1]);
    assert_eq!(game["turn"], "white");
    let (status, game) = post(&client, &moves, json!({"move": "d2d4"})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 4);
    // Illegal moves change nothing.
    let answer = post(&client, &moves, json!({"move": "e1e3"})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_move", "e1e3");
    let answer = post(&client, &moves, json!({"mv": "e2e4"})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_json", "move");
    // Take back: the player's move and the engine's reply.
    let (status, game) = post(&client, &undo, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 2);
    let (_, game) = post(&client, &undo, json!({})).await;
    assert_eq!(game["moves"].as_array().unwrap().len(), 0);
    let answer = post(&client, &undo, json!({})).await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "nothing_to_undo",
        "take back",
    );
    let (status, shown) = get(&client, &server.url(&format!("/api/games/{id}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        shown["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );

    // From a position, the player mates; the game is over and says so.
    let (_, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"fen": MATE_IN_ONE, "engine_color": "black"}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let (status, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "Ra8#"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"]["state"], "checkmate");
    assert_eq!(game["status"]["winner"], "white");
    assert!(game.get("engine_move").is_none());
    assert!(
        game["pgn"].as_str().unwrap().contains("1. Ra8# 1-0"),
        "{}",
        game["pgn"]
    );
    assert!(game["pgn"]
        .as_str()
        .unwrap()
        .contains("[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]"));
    let answer = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "g8h8"}),
    )
    .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "game_over", "checkmate");

    // The engine plays white: it moves first, and refuses the player's move out of turn.
    let (status, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"engine_color": "white", "movetime_ms": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(game["moves"].as_array().unwrap().len(), 1);
    assert_eq!(game["turn"], "black");
    let id = game["id"].as_str().unwrap();
    let answer = post(
        &client,
        &server.url(&format!("/api/games/{id}/undo")),
        json!({}),
    )
    .await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "nothing_to_undo",
        "take back",
    );
    // Forgetting a game.
    let res = client
        .delete(server.url(&format!("/api/games/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let answer = get(&client, &server.url(&format!("/api/games/{id}"))).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", id);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_by_repetition_ends_a_game_between_people() {
    let server = TestServer::default().await;
    let client = Client::new();
    let (_, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"engine_color": "none"}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    let url = server.url(&format!("/api/games/{id}/moves"));
    let mut last = Value::Null;
    for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        let (status, game) = post(&client, &url, json!({"move": mv})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert!(game.get("engine_move").is_none());
        last = game;
    }
    assert_eq!(
        last["status"],
        json!({"state": "draw", "reason": "threefold repetition", "result": "1/2-1/2"})
    );
    // Two people: one take-back is one move.
    let (_, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/undo")),
        json!({}),
    )
    .await;
    assert_eq!(game["moves"].as_array().unwrap().len(), 7);
    assert_eq!(game["status"]["state"], "ongoing");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_games_do_not_interfere() {
    let server = TestServer::default().await;
    let client = Client::new();
    let openings: [&[&str]; 6] = [
        &["e2e4", "d2d4", "g1f3"],
        &["d2d4", "c2c4", "b1c3"],
        &["c2c4", "g2g3", "f1g2"],
        &["g1f3", "g2g3", "f1g2"],
        &["b2b3", "c1b2", "e2e3"],
        &["f2f4", "g1f3", "e2e3"],
    ];
    let mut tasks = Vec::new();
    for moves in openings {
        let client = client.clone();
        let base = server.url("");
        tasks.push(tokio::spawn(async move {
            let (status, game) = post(
                &client,
                &format!("{base}/api/games"),
                json!({"engine_color": "black", "movetime_ms": 30}),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED);
            let id = game["id"].as_str().unwrap().to_string();
            let mut played = Vec::new();
            for mv in moves {
                let (status, game) = post(
                    &client,
                    &format!("{base}/api/games/{id}/moves"),
                    json!({"move": mv}),
                )
                .await;
                if status == StatusCode::BAD_REQUEST && game["error"] == "bad_move" {
                    // The engine's reply made this move illegal; play any legal one.
                    let (_, shown) = get(&client, &format!("{base}/api/games/{id}")).await;
                    let any = shown["legal_moves"][0]["uci"].as_str().unwrap().to_string();
                    let (status, game) = post(
                        &client,
                        &format!("{base}/api/games/{id}/moves"),
                        json!({"move": any}),
                    )
                    .await;
                    assert_eq!(status, StatusCode::OK, "{game}");
                    played.push(any);
                    continue;
                }
                assert_eq!(status, StatusCode::OK, "{game}");
                played.push(mv.to_string());
            }
            let (_, game) = get(&client, &format!("{base}/api/games/{id}")).await;
            (played, game)
        }));
    }
    let mut ids = std::collections::HashSet::new();
    for task in tasks {
        let (played, game) = task.await.unwrap();
        assert!(ids.insert(game["id"].as_str().unwrap().to_string()));
        let moves: Vec<&str> = game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        // Each game holds exactly its own moves, the engine's between them.
        assert_eq!(moves.len(), 6, "{moves:?}");
        let mine: Vec<&str> = moves.iter().step_by(2).copied().collect();
        assert_eq!(mine, played);
    }
    server.shutdown().await;
}

/// Server-sent events read from a response: (event, data) pairs.
async fn read_events(res: reqwest::Response, mut on_event: impl FnMut(&str, &Value) -> bool) {
    let mut stream = res.bytes_stream();
    let mut buffer = String::new();
    while let Some(chunk) = stream.next().await {
        buffer.push_str(&String::from_utf8_lossy(&chunk.unwrap()));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let mut event = "message";
            let mut data = String::new();
            for line in block.lines() {
                if let Some(e) = line.strip_prefix("event:") {
                    event = e.trim();
                } else if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim());
                }
            }
            if data.is_empty() {
                continue;
            }
            let value: Value = serde_json::from_str(&data).unwrap();
            if !on_event(event, &value) {
                return;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_reports_each_iteration_and_stops_on_request() {
    let server = TestServer::default().await;
    let client = Client::new();
    // To a depth: start, an info per iteration, done.
    let res = client
        .get(server.url("/api/analyse/stream?moves=e2e4,e7e5&depth=7&multipv=2"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    let mut events = Vec::new();
    read_events(res, |event, data| {
        events.push((event.to_string(), data.clone()));
        event != "done"
    })
    .await;
    assert_eq!(events[0].0, "start");
    let (last, done) = events.last().unwrap();
    assert_eq!(last, "done");
    assert_eq!(done["lines"].as_array().unwrap().len(), 2);
    let depths: Vec<i64> = events
        .iter()
        .filter(|(e, d)| e == "info" && d["multipv"] == 1)
        .map(|(_, d)| d["depth"].as_i64().unwrap())
        .collect();
    assert!(depths.contains(&1) && depths.contains(&7), "{depths:?}");
    assert!(depths.windows(2).all(|w| w[0] <= w[1]));

    // Without limits: runs until stopped, then reports its lines.
    let res = client
        .get(server.url("/api/analyse/stream"))
        .send()
        .await
        .unwrap();
    let stop_client = client.clone();
    let base = server.url("");
    let mut stopped = false;
    let mut done = Value::Null;
    let mut infos = 0;
    read_events(res, |event, data| {
        match event {
            "start" => {
                let id = data["id"].as_str().unwrap().to_string();
                let client = stop_client.clone();
                let base = base.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_millis(300)).await;
                    let res = client
                        .post(format!("{base}/api/analyse/{id}/stop"))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(res.status(), StatusCode::NO_CONTENT);
                });
                stopped = true;
            }
            "info" => infos += 1,
            "done" => {
                done = data.clone();
                return false;
            }
            _ => {}
        }
        true
    })
    .await;
    assert!(stopped && infos > 0);
    assert_eq!(done["lines"].as_array().unwrap().len(), 1);

    // A client that goes away frees its engine: both engines serve again.
    for _ in 0..3 {
        let res = client
            .get(server.url("/api/analyse/stream"))
            .send()
            .await
            .unwrap();
        read_events(res, |event, _| event != "info").await;
    }
    let url = server.url("/api/move");
    let (a, b) = tokio::join!(
        post(&client, &url, json!({"movetime_ms": 50})),
        post(&client, &url, json!({"movetime_ms": 50}))
    );
    assert_eq!(a.0, StatusCode::OK);
    assert_eq!(b.0, StatusCode::OK);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_refused_with_503_beyond_the_queue() {
    let server = TestServer::start(Config {
        engines: 1,
        queue: 1,
        queue_wait: Duration::from_secs(20),
        ..test_config()
    })
    .await;
    let client = Client::new();
    let url = server.url("/api/move");
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let client = client.clone();
        let url = url.clone();
        tasks.push(tokio::spawn(async move {
            post(&client, &url, json!({"movetime_ms": 400})).await
        }));
    }
    let mut ok = 0;
    let mut busy = 0;
    for task in tasks {
        let answer = task.await.unwrap();
        if answer.0 == StatusCode::OK {
            ok += 1;
        } else {
            assert_error(&answer, StatusCode::SERVICE_UNAVAILABLE, "busy", "busy");
            busy += 1;
        }
    }
    // One searching, one queued, at least the rest refused (a request may
    // also arrive after an earlier one finished).
    assert!(ok >= 2 && busy >= 1, "ok {ok}, busy {busy}");
    assert_eq!(ok + busy, 6);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_store_is_capped_and_forgets_idle_games() {
    let server = TestServer::start(Config {
        max_games: 2,
        ..test_config()
    })
    .await;
    let client = Client::new();
    let games = server.url("/api/games");
    for _ in 0..2 {
        let (status, _) = post(&client, &games, json!({"engine_color": "none"})).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let answer = post(&client, &games, json!({"engine_color": "none"})).await;
    assert_error(&answer, StatusCode::SERVICE_UNAVAILABLE, "busy", "2 games");
    server.shutdown().await;

    let server = TestServer::start(Config {
        game_idle: Duration::from_millis(200),
        ..test_config()
    })
    .await;
    let (_, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"engine_color": "none"}),
    )
    .await;
    let id = game["id"].as_str().unwrap();
    tokio::time::sleep(Duration::from_millis(400)).await;
    let answer = get(&client, &server.url(&format!("/api/games/{id}"))).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", id);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let server = TestServer::default().await;
    let client = Client::new();
    for (path, kind, needle) in [
        ("/", "text/html", "id=\"board\""),
        ("/app.js", "text/javascript", "/api/games"),
        ("/style.css", "text/css", "#board"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let res = client.get(server.url(path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with(kind),
            "{path}"
        );
        let text = res.text().await.unwrap();
        assert!(text.contains(needle), "{path}");
        // Nothing is fetched from elsewhere (the SVG namespace is a name, not a fetch).
        for outside in [
            "https://",
            "src=\"http",
            "href=\"http",
            "src=\"//",
            "href=\"//",
            "url(http",
            "fetch(\"http",
        ] {
            assert!(!text.contains(outside), "{path} has {outside}");
        }
    }
    server.shutdown().await;
}

/// With a book configured, games and `POST /api/move` play its moves; an
/// analysis still searches; a book that cannot be read stops the server
/// from starting.
#[tokio::test]
async fn the_book_answers_when_configured() {
    // Every game of the book opens 1. a3 a6: a move the search never chooses.
    let pgn = "[Result \"1/2-1/2\"]\n\n1. a3 a6 2. h3 1/2-1/2\n\n".repeat(4);
    let options = outpost_book::BuildOptions {
        min_games: 1,
        ..outpost_book::BuildOptions::default()
    };
    let built = outpost_book::build_book(pgn.as_bytes(), &options, |_| {}).unwrap();
    let dir = std::env::temp_dir().join(format!("outpost-web-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book.bin");
    built.save(&path).unwrap();

    let server = TestServer::start(Config {
        book: Some(path.clone()),
        ..test_config()
    })
    .await;
    let client = Client::new();
    let (status, body) = post(
        &client,
        &server.url("/api/move"),
        json!({"movetime_ms": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["uci"], "a2a3", "{body}");
    // A game with the engine as Black: after 1. a3 the book answers a6.
    let (status, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"engine_color": "black", "movetime_ms": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let (status, reply) = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "a2a3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["engine_move"]["uci"], "a7a6", "{reply}");
    // Analysis searches: its first line is not the book move.
    let (status, analysis) = post(&client, &server.url("/api/analyse"), json!({"depth": 6})).await;
    assert_eq!(status, StatusCode::OK, "{analysis}");
    assert_ne!(analysis["lines"][0]["pv"][0], "a2a3", "{analysis}");
    server.shutdown().await;

    std::fs::write(&path, b"not a book").unwrap();
    let refused = Server::bind(Config {
        port: 0,
        book: Some(path.clone()),
        ..test_config()
    })
    .await;
    assert!(refused.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// With Syzygy tables configured, the engine's move in a table position is
/// one the tables rank best; a directory that cannot be read stops the
/// server from starting.
#[tokio::test]
async fn syzygy_tables_answer_when_configured() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
    let server = TestServer::start(Config {
        syzygy: Some(dir.to_string()),
        ..test_config()
    })
    .await;
    let client = Client::new();
    // KQvKR, White to move and win.
    let fen = "8/8/8/8/2kr4/K7/8/Q7 w - - 0 1";
    let (status, body) = post(
        &client,
        &server.url("/api/move"),
        json!({"fen": fen, "movetime_ms": 100}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let tables = outpost_tb::syzygy::Syzygy::open_path_list(dir);
    let pos = outpost_notation::parse_fen(fen).unwrap();
    let ranked = tables.rank_root_moves(&pos, &[], true).unwrap();
    let best: Vec<String> = ranked
        .iter()
        .filter(|m| m.rank == ranked[0].rank)
        .map(|m| m.mv.to_string())
        .collect();
    assert!(
        best.contains(&body["uci"].as_str().unwrap().to_string()),
        "{body} not in {best:?}"
    );
    server.shutdown().await;
    let refused = Server::bind(Config {
        port: 0,
        syzygy: Some("/no/such/dir".to_string()),
        ..test_config()
    })
    .await;
    assert!(refused.is_err());
}

/// Resigning, offering a draw and asking for a hint: each answered, each
/// kept in the PGN, each refused as a JSON error once the game is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_draw_offers_and_hints() {
    let server = TestServer::default().await;
    let client = Client::new();
    let new_game = |fen: &'static str| {
        let client = client.clone();
        let url = server.url("/api/games");
        async move {
            let (status, game) = post(
                &client,
                &url,
                json!({"fen": fen, "engine_color": "black", "movetime_ms": 50}),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            game["id"].as_str().unwrap().to_string()
        }
    };
    // A hint for the player, noted on the move then played.
    let id = new_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").await;
    let (status, hint) = post(
        &client,
        &server.url(&format!("/api/games/{id}/hint")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let uci = hint["uci"].as_str().unwrap().to_string();
    let san = hint["san"].as_str().unwrap().to_string();
    let (status, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": uci}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let pgn = game["pgn"].as_str().unwrap();
    assert!(pgn.contains(&format!("{{hint: {san}}}")), "{pgn}");
    // Resigning: the engine's side wins, the PGN says so, nothing more can
    // be played or decided.
    let (status, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/resign")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"]["state"], "resigned");
    assert_eq!(game["status"]["winner"], "black");
    assert_eq!(game["status"]["result"], "0-1");
    assert!(game["legal_moves"].as_array().unwrap().is_empty());
    let pgn = game["pgn"].as_str().unwrap();
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("[Termination \"White resigned\"]"),
        "{pgn}"
    );
    for path in ["resign", "draw", "hint", "undo"] {
        let answer = post(
            &client,
            &server.url(&format!("/api/games/{id}/{path}")),
            json!({}),
        )
        .await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "game_over", "resignation");
    }
    let answer = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "e2e4"}),
    )
    .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "game_over", "resignation");
    // A draw offer: the engine (Black), a bare king against two queens,
    // accepts once it has moved (and so has a score)...
    let id = new_game("4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1").await;
    let (status, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "a1a2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let (status, answer) = post(
        &client,
        &server.url(&format!("/api/games/{id}/draw")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["accepted"], true, "{answer}");
    assert_eq!(answer["game"]["status"]["state"], "draw");
    assert_eq!(answer["game"]["status"]["result"], "1/2-1/2");
    // ... a queen up declines, and the game goes on.
    let id = new_game("3qk3/3q4/8/8/8/8/8/4K2R w - - 0 1").await;
    let (status, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "h1h2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let (status, answer) = post(
        &client,
        &server.url(&format!("/api/games/{id}/draw")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["accepted"], false, "{answer}");
    assert_eq!(answer["game"]["status"]["state"], "ongoing");
    // Between people at one board an offer is agreed.
    let (status, game) = post(
        &client,
        &server.url("/api/games"),
        json!({"engine_color": "none"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap();
    let (status, answer) = post(
        &client,
        &server.url(&format!("/api/games/{id}/draw")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["accepted"], true);
    assert_eq!(answer["game"]["status"]["reason"], "agreement");
    assert!(answer["game"]["pgn"]
        .as_str()
        .unwrap()
        .contains("[Termination \"draw agreed\"]"));
    // Unknown games.
    let answer = post(&client, &server.url("/api/games/nope/resign"), json!({})).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", "nope");
    server.shutdown().await;
}

/// Clocks: the server keeps both, the engine's search follows its own, a
/// fallen flag ends the game (a draw when the other side cannot mate), and
/// bad time controls are JSON errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_run_on_the_server_and_a_flag_ends_the_game() {
    let server = TestServer::default().await;
    let client = Client::new();
    let games = server.url("/api/games");
    for bad in ["3", "x+1", "0+0", "500+0", "5+99", ""] {
        let answer = post(&client, &games, json!({"time_control": bad})).await;
        if bad.is_empty() {
            assert_eq!(answer.0, StatusCode::CREATED, "{}", answer.1);
            assert!(answer.1.get("clock").is_none(), "{}", answer.1);
            continue;
        }
        assert_error(
            &answer,
            StatusCode::BAD_REQUEST,
            "bad_parameter",
            "time_control",
        );
    }
    // 30 s + 1 s: the player's move, the engine's reply within its clock.
    let (status, game) = post(&client, &games, json!({"time_control": "0.5+1"})).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(game["clock"]["running"], "white");
    assert_eq!(game["clock"]["increment_ms"], 1000);
    let id = game["id"].as_str().unwrap().to_string();
    let (status, game) = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "e2e4"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let white = game["clock"]["white_ms"].as_u64().unwrap();
    let black = game["clock"]["black_ms"].as_u64().unwrap();
    assert!(white > 29_000 && white <= 31_000, "{game}");
    // The engine thought on its clock: some of it spent, the increment added.
    assert!(black > 20_000 && black <= 31_000, "{game}");
    assert_eq!(game["clock"]["running"], "white");
    assert!(game["pgn"]
        .as_str()
        .unwrap()
        .contains("[TimeControl \"30+1\"]"));
    // 3 s and no move: the flag falls, the server ends the game.
    let (status, game) = post(&client, &games, json!({"time_control": "0.05+0"})).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_millis(3300)).await;
    let (status, game) = get(&client, &server.url(&format!("/api/games/{id}"))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"]["state"], "time forfeit", "{game}");
    assert_eq!(game["status"]["winner"], "black");
    assert_eq!(game["status"]["result"], "0-1");
    assert_eq!(game["clock"]["white_ms"], 0);
    assert!(game["clock"].get("running").is_none(), "{game}");
    let pgn = game["pgn"].as_str().unwrap();
    assert!(
        pgn.contains("[Termination \"time forfeit\"]") && pgn.contains("[Result \"0-1\"]"),
        "{pgn}"
    );
    // A move (or any other update) for the finished game is refused.
    let answer = post(
        &client,
        &server.url(&format!("/api/games/{id}/moves")),
        json!({"move": "e2e4"}),
    )
    .await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "game_over",
        "time forfeit",
    );
    // White's flag falls with Black holding only its king: a draw. (With
    // a bishop Black could still mate with the help of White's rook, and
    // would win: FIDE's rule, tested in the engine crate.)
    let (status, game) = post(
        &client,
        &games,
        json!({"fen": "8/8/8/4k3/8/8/8/KR6 w - - 0 1", "time_control": "0.05+0"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_millis(3300)).await;
    let (_, game) = get(&client, &server.url(&format!("/api/games/{id}"))).await;
    assert_eq!(game["status"]["result"], "1/2-1/2", "{game}");
    assert_eq!(game["status"]["reason"], "timeout vs insufficient material");
    server.shutdown().await;
}

/// A review: each move's evaluation, best move and mark, filled in while
/// it runs; bad input refused as JSON errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_marks_the_blunder() {
    let server = TestServer::default().await;
    let client = Client::new();
    let reviews = server.url("/api/reviews");
    // 3... Nf6?? allows mate in one.
    let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let (status, review) = post(&client, &reviews, json!({"pgn": pgn, "movetime_ms": 50})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{review}");
    assert_eq!(review["total"], 7);
    let id = review["id"].as_str().unwrap().to_string();
    let mut done = Value::Null;
    for _ in 0..200 {
        let (status, r) = get(&client, &server.url(&format!("/api/reviews/{id}"))).await;
        assert_eq!(status, StatusCode::OK, "{r}");
        if r["state"] != "running" {
            done = r;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(done["state"], "done", "{done}");
    let plies = done["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 7);
    assert_eq!(plies[5]["san"], "Nf6");
    assert_eq!(plies[5]["mark"], "??", "{}", plies[5]);
    assert_eq!(plies[6]["san"], "Qxf7#");
    assert_eq!(plies[6]["eval_cp"], 1000, "mate is +1000 for White");
    assert!(plies[6].get("mark").is_none(), "{}", plies[6]);
    // From a FEN and moves as well.
    let (status, review) = post(
        &client,
        &reviews,
        json!({"fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "moves": ["a1a8"], "movetime_ms": 20}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{review}");
    // Bad input.
    let answer = post(&client, &reviews, json!({"pgn": "1. e4 e5 2. Ke3 *"})).await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_parameter", "pgn");
    let answer = post(
        &client,
        &reviews,
        json!({"fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}),
    )
    .await;
    assert_error(&answer, StatusCode::BAD_REQUEST, "bad_parameter", "moves");
    let answer = post(
        &client,
        &reviews,
        json!({"pgn": pgn, "movetime_ms": 999999}),
    )
    .await;
    assert_error(
        &answer,
        StatusCode::BAD_REQUEST,
        "bad_parameter",
        "movetime_ms",
    );
    let answer = get(&client, &server.url("/api/reviews/nope")).await;
    assert_error(&answer, StatusCode::NOT_FOUND, "not_found", "nope");
    server.shutdown().await;
}
