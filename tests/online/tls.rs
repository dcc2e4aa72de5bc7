//! `burrow serve` over TLS with a certificate the test makes (an authority
//! of its own and a server certificate for 127.0.0.1 signed by it): a
//! client and `burrow bot` that trust the authority play over `wss://`, the
//! HTTP pages answer over `https://`, a client that does not trust it is
//! refused with a message saying why (at once, not after retries), and a
//! renewed certificate is served without a restart.

use std::path::{Path, PathBuf};

use burrow::load::http_get_trusting;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};

use super::tables::bot_plays_against;
use super::*;

/// A certificate authority made for a test: its certificate's PEM file,
/// and what it needs to sign server certificates.
pub(crate) struct Authority {
    pub(crate) pem: PathBuf,
    issuer: Issuer<'static, KeyPair>,
}

impl Authority {
    pub(crate) fn new(dir: &Path, name: &str) -> Authority {
        let key = KeyPair::generate().expect("a key");
        let mut params = CertificateParams::new(Vec::<String>::new()).expect("params");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(DnType::CommonName, format!("Burrow test authority {name}"));
        let certificate = params.self_signed(&key).expect("signs itself");
        let pem = dir.join(format!("{name}-ca.pem"));
        std::fs::write(&pem, certificate.pem()).expect("writes");
        Authority {
            pem,
            issuer: Issuer::new(params, key),
        }
    }

    /// A server certificate for 127.0.0.1 and localhost, written over
    /// `certificate` and `key` (as a renewal does).
    pub(crate) fn sign_server(&self, certificate: &Path, key: &Path) {
        let server_key = KeyPair::generate().expect("a key");
        let params = CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".into()])
            .expect("params");
        let signed = params
            .signed_by(&server_key, &self.issuer)
            .expect("the authority signs");
        std::fs::write(certificate, signed.pem()).expect("writes");
        std::fs::write(key, server_key.serialize_pem()).expect("writes");
    }

    pub(crate) fn trust(&self) -> Trust {
        Trust::new(Some(&self.pem)).expect("the authority's file reads")
    }
}

/// A `burrow serve` over TLS with a certificate of `authority` (written in
/// `dir`).
pub(crate) fn tls_server(dir: &Path, authority: &Authority, name: &str) -> Server {
    let (certificate, key) = (dir.join("server.pem"), dir.join("server-key.pem"));
    authority.sign_server(&certificate, &key);
    Server::start_with(
        &sqlite(name),
        "127.0.0.1:0",
        &[
            "--tls-cert",
            certificate.to_str().expect("a path"),
            "--tls-key",
            key.to_str().expect("a path"),
        ],
    )
}

#[test]
fn a_server_with_a_certificate_plays_over_wss_and_is_refused_by_a_client_that_does_not_trust_it() {
    let dir = temp_dir("tls");
    let authority = Authority::new(&dir, "first");
    let server = tls_server(&dir, &authority, "tls-games");
    let (certificate, key) = (dir.join("server.pem"), dir.join("server-key.pem"));
    assert!(server.tls, "the server says it serves https");
    let url = server.ws();
    assert!(url.starts_with("wss://"), "{url}");
    let trust = authority.trust();
    runtime().block_on(async {
        // The pages, over https.
        let (status, body) = http_get_trusting(&server.origin(), "/health", &trust)
            .await
            .expect("GET over TLS");
        assert_eq!((status, body.as_str()), (200, "ok"));

        // A client that trusts only the usual roots is refused, and told
        // why; the refusal is final.
        let refused = match Client::connect(&url).await {
            Ok(_) => panic!("a certificate of an unknown authority was accepted"),
            Err(e) => e,
        };
        assert!(refused.is_final(), "{refused}");
        let said = refused.to_string();
        assert!(said.contains(&url), "names the server: {said}");
        assert!(said.contains("certificate"), "says why: {said}");

        // Over plain ws:// the TLS server does not answer as a server.
        let plain = format!("ws://{}/ws", server.address);
        assert!(
            tokio::time::timeout(WAIT, Client::connect(&plain))
                .await
                .map_or(true, |r| r.is_err()),
            "a plain connection to a TLS port was taken"
        );

        // A client and the bot that trust the authority play a game out.
        let client = Client::connect_trusting(&url, &trust)
            .await
            .expect("connects over TLS");
        let white = take_seat_with(
            client,
            &ClientMessage::Create {
                setup: setup("path", "5x5", None),
                side: SideChoice::White,
                name: Some("Ada".into()),
                computer: None,
                public: true,
                rated: false,
            },
        )
        .await;
        let ca = authority.pem.to_str().expect("a path").to_string();
        bot_plays_against(&server, white, &["--ca-file", &ca]).await;

        // The bot without the authority says why and stops at once.
        let started = Instant::now();
        let output = Command::new(env!("CARGO_BIN_EXE_burrow"))
            .args(["bot", "--server", &server.origin(), "--join", "ABCDEF"])
            .output()
            .expect("burrow bot runs");
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("certificate"), "{stderr}");
        // A bot that retried would keep at it for half a minute (30
        // attempts a second apart); a loaded machine may take seconds just
        // to start the process, so the bound sits between the two.
        assert!(
            started.elapsed() < Duration::from_secs(25),
            "the bot retried a certificate that cannot check ({:?})",
            started.elapsed()
        );
    });

    // A renewal: a certificate of another authority, written over the
    // files, is served without a restart (the server looks every 5 s).
    let second = Authority::new(&dir, "second");
    second.sign_server(&certificate, &key);
    let renewed = second.trust();
    runtime().block_on(async {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match Client::connect_trusting(&url, &renewed).await {
                Ok(client) => {
                    client.close().await;
                    break;
                }
                Err(e) if Instant::now() > deadline => {
                    panic!("the renewed certificate is not served: {e}")
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
        // A client new to the server that trusts only the old authority
        // no longer connects (one that connected before may resume its
        // TLS session, as TLS allows).
        assert!(
            Client::connect_trusting(&url, &authority.trust())
                .await
                .is_err()
        );
    });
}

#[test]
fn serve_refuses_certificate_files_that_do_not_do_with_a_message() {
    let dir = temp_dir("tls-bad");
    let junk = dir.join("junk.pem");
    std::fs::write(&junk, "not a certificate").expect("writes");
    let output = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(["--database", &sqlite("tls-bad")])
        .args(["--tls-cert", junk.to_str().expect("a path")])
        .args(["--tls-key", junk.to_str().expect("a path")])
        .output()
        .expect("burrow serve runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("junk.pem"), "{stderr}");
    // A certificate without its key is a usage error.
    let output = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args(["serve", "--tls-cert", junk.to_str().expect("a path")])
        .output()
        .expect("burrow serve runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--tls-key"));
}
