//! A load test on 127.0.0.1: starts the server in this process, sends
//! many concurrent `POST /api/move` requests at a short move time, and
//! reports throughput, latency percentiles and every answer that was not a
//! move. Bounded: a fixed number of requests and a deadline.
//!
//! ```sh
//! cargo run --release -p outpost-web --example load -- [REQUESTS] [CONCURRENCY] [MOVETIME_MS]
//! ```

use outpost_web::{Config, Server};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Positions to ask about: a few openings' moves.
const LINES: &[&[&str]] = &[
    &[],
    &["e2e4", "e7e5", "g1f3", "b8c6"],
    &["d2d4", "g8f6", "c2c4", "e7e6"],
    &["e2e4", "c7c5", "g1f3", "d7d6", "d2d4"],
    &["c2c4", "e7e5", "b1c3"],
];

/// The whole run stops here whatever happens.
const DEADLINE: Duration = Duration::from_secs(300);

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let requests = args.first().copied().unwrap_or(400) as usize;
    let concurrency = args.get(1).copied().unwrap_or(32) as usize;
    let movetime = args.get(2).copied().unwrap_or(20);

    let config = Config {
        port: 0,
        ..Config::default()
    };
    println!(
        "server: {} engines, queue {}, {} requests, {} at a time, movetime {} ms",
        config.engines, config.queue, requests, concurrency, movetime
    );
    let server = Server::bind(config).await.expect("bind 127.0.0.1");
    let base = format!("http://{}", server.local_addr().expect("address"));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run(async {
        let _ = stopped.await;
    }));

    let client = reqwest::Client::new();
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..concurrency {
        let client = client.clone();
        let next = Arc::clone(&next);
        let url = format!("{base}/api/move");
        workers.push(tokio::spawn(async move {
            let mut seen = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= requests || started.elapsed() > DEADLINE {
                    break;
                }
                let body = json!({"moves": LINES[i % LINES.len()], "movetime_ms": movetime});
                let sent = Instant::now();
                let answer = client.post(&url).json(&body).send().await;
                let outcome = match answer {
                    Ok(res) => {
                        let status = res.status().as_u16();
                        match res.json::<Value>().await {
                            Ok(v) if status == 200 && v["uci"].is_string() => {
                                "200 move".to_string()
                            }
                            Ok(v) => format!("{status} {}", v["error"].as_str().unwrap_or("?")),
                            Err(e) => format!("{status} unreadable: {e}"),
                        }
                    }
                    Err(e) => format!("transport error: {e}"),
                };
                seen.push((outcome, sent.elapsed()));
            }
            seen
        }));
    }
    let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
    let mut latencies = Vec::new();
    for worker in workers {
        for (outcome, latency) in worker.await.expect("worker") {
            if outcome == "200 move" {
                latencies.push(latency);
            }
            *outcomes.entry(outcome).or_default() += 1;
        }
    }
    let elapsed = started.elapsed();
    let answered: usize = outcomes.values().sum();

    // Still alive and well after the load?
    let alive = client
        .get(format!("{base}/api/legal-moves"))
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0);
    let _ = stop.send(());
    let shutdown = tokio::time::timeout(Duration::from_secs(30), running).await;

    latencies.sort();
    let pct = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let i = ((latencies.len() as f64 - 1.0) * p).round() as usize;
        latencies[i].as_secs_f64() * 1000.0
    };
    println!(
        "sent {requests}, answered {answered} in {:.2} s",
        elapsed.as_secs_f64()
    );
    for (outcome, count) in &outcomes {
        println!("  {outcome}: {count}");
    }
    println!(
        "throughput: {:.1} moves/s",
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency of moves (ms): p50 {:.0}, p90 {:.0}, p99 {:.0}, max {:.0}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
    println!("after the load: GET /api/legal-moves -> {alive}");
    println!(
        "shutdown: {}",
        match shutdown {
            Ok(Ok(Ok(()))) => "clean".to_string(),
            other => format!("{other:?}"),
        }
    );
    let lost = requests - answered;
    println!("lost (sent, never answered): {lost}");
    if lost > 0 || alive != 200 {
        std::process::exit(1);
    }
}
