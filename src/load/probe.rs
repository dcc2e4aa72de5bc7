//! What a load run asks a server over HTTP (or HTTPS): a game's stored
//! record, the tables and connections it holds (`GET /stats`), and the
//! server process's memory.

use std::time::{Duration, Instant};

use crate::online::client::Trust;

use crate::rules::{GameRecord, GameResult, VariantRegistry};

use super::LoadError;

/// An HTTP GET on the server (`HOST:PORT`, `http://HOST:PORT` or
/// `ws://…`; `https://…` or `wss://…` over TLS with the Mozilla roots): the
/// status and the body. Enough for the game list and the records.
pub async fn http_get(server: &str, path: &str) -> Result<(u16, String), LoadError> {
    http_get_trusting(server, path, &Trust::roots()).await
}

/// [`http_get`], trusting `trust` over TLS.
pub async fn http_get_trusting(
    server: &str,
    path: &str,
    trust: &Trust,
) -> Result<(u16, String), LoadError> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let tls = server.starts_with("https://") || server.starts_with("wss://");
    let host = server
        .split_once("://")
        .map_or(server, |(_, rest)| rest)
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    // A host without its port: the scheme's.
    let host = if host
        .rsplit_once(':')
        .is_some_and(|(_, port)| port.parse::<u16>().is_ok())
        && !host.ends_with(']')
    {
        host
    } else if tls {
        format!("{host}:443")
    } else {
        format!("{host}:80")
    };
    let stream = match tokio::net::TcpStream::connect(&host).await {
        Ok(stream) => stream,
        Err(source) => return Err(LoadError::Connect { host, source }),
    };
    let request = format!("GET {path} HTTP/1.0\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    let mut response = Vec::new();
    if tls {
        let name = host
            .rsplit_once(':')
            .map_or(host.as_str(), |(name, _)| name);
        let name =
            rustls::pki_types::ServerName::try_from(name.trim_matches(['[', ']']).to_string())
                .map_err(|_| LoadError::NotHttp)?;
        let mut stream = tokio_rustls::TlsConnector::from(trust.config())
            .connect(name, stream)
            .await?;
        stream.write_all(request.as_bytes()).await?;
        // A server may end the TLS session without its closing message;
        // the body read so far is the answer.
        let _ = stream.read_to_end(&mut response).await;
    } else {
        let mut stream = stream;
        stream.write_all(request.as_bytes()).await?;
        stream.read_to_end(&mut response).await?;
    }
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
    trust: &Trust,
) -> Result<(), LoadError> {
    for code in codes {
        let (status, body) =
            http_get_trusting(server, &format!("/games/{code}.txt"), trust).await?;
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

pub async fn server_stats(http: &str, trust: &Trust) -> Result<ServerStats, LoadError> {
    let (status, body) = http_get_trusting(http, "/stats", trust).await?;
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
    trust: &Trust,
) -> Result<(ServerStats, Duration), LoadError> {
    let started = Instant::now();
    loop {
        let stats = server_stats(http, trust).await?;
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
