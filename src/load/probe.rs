//! What a load run asks a server over plain HTTP: a game's stored record,
//! the tables and connections it holds (`GET /stats`), and the server
//! process's memory.

use std::time::{Duration, Instant};

use crate::rules::{GameRecord, GameResult, VariantRegistry};

use super::LoadError;

/// A plain HTTP GET on the server (`http://HOST:PORT` or `HOST:PORT`):
/// the status and the body. Enough for the game list and the records.
pub async fn http_get(server: &str, path: &str) -> Result<(u16, String), LoadError> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = server
        .trim_start_matches("http://")
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let mut stream = match tokio::net::TcpStream::connect(&host).await {
        Ok(stream) => stream,
        Err(source) => return Err(LoadError::Connect { host, source }),
    };
    let request = format!("GET {path} HTTP/1.0\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let response = String::from_utf8_lossy(&response);
    let (head, body) = response.split_once("\r\n\r\n").ok_or(LoadError::NotHttp)?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| LoadError::NoStatus(head.to_string()))?;
    Ok((status, body.to_string()))
}

/// Fetches each game's record and replays it: every one must be stored,
/// read, replay and end as the server says.
pub async fn check_stored(
    registry: &VariantRegistry,
    server: &str,
    codes: &[String],
) -> Result<(), LoadError> {
    for code in codes {
        let (status, body) = http_get(server, &format!("/games/{code}.txt")).await?;
        if status != 200 {
            return Err(LoadError::RecordAnswered {
                code: code.clone(),
                status,
                body,
            });
        }
        let record: GameRecord = body.parse().map_err(|source| LoadError::RecordUnread {
            code: code.clone(),
            source: Box::new(source),
        })?;
        record
            .replay(registry)
            .map_err(|source| LoadError::RecordReplay {
                code: code.clone(),
                source: Box::new(source),
            })?;
        if record.result == GameResult::Unfinished {
            return Err(LoadError::NotOver(code.clone()));
        }
    }
    Ok(())
}

/// What a server holds (its `GET /stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct ServerStats {
    pub tables: usize,
    pub connections: usize,
}

pub async fn server_stats(http: &str) -> Result<ServerStats, LoadError> {
    let (status, body) = http_get(http, "/stats").await?;
    if status != 200 {
        return Err(LoadError::StatsAnswered { status, body });
    }
    serde_json::from_str(&body).map_err(|source| LoadError::StatsUnread { body, source })
}

/// Waits (at most `limit`) for a server to let go of every table and
/// connection, and says what it held at the end and after how long.
pub async fn server_idle(
    http: &str,
    limit: Duration,
) -> Result<(ServerStats, Duration), LoadError> {
    let started = Instant::now();
    loop {
        let stats = server_stats(http).await?;
        if (stats.tables == 0 && stats.connections == 0) || started.elapsed() >= limit {
            return Ok((stats, started.elapsed()));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A process's peak and current resident memory, from /proc.
pub fn process_memory(pid: u32) -> Result<String, LoadError> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|source| LoadError::Process { pid, source })?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_string())
            .unwrap_or_else(|| "?".into())
    };
    Ok(format!(
        "peak {} (VmHWM), now {} (VmRSS)",
        field("VmHWM:"),
        field("VmRSS:")
    ))
}
