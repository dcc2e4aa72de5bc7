//! TLS on the desktop: the trust a client puts in a `wss://` server, and the
//! certificate `burrow serve` shows when it terminates TLS itself.
//!
//! rustls on the ring backend does the work on both sides. A client trusts
//! the Mozilla roots (webpki-roots, built in, so nothing depends on the
//! system's store) plus the certificate authorities of a PEM file the player
//! names (a self-hosted server's own). The server reads its certificate
//! chain and key from PEM files and reads them again when they change, as a
//! renewal does, without dropping a connection. The web page has none of
//! this: the browser does its TLS.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::sign::CertifiedKey;

/// A TLS file that does not do its job.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} holds no certificate in PEM form (-----BEGIN CERTIFICATE-----)", path.display())]
    NoCertificate { path: PathBuf },
    #[error("{} holds no private key in PEM form (-----BEGIN PRIVATE KEY-----)", path.display())]
    NoKey { path: PathBuf },
    #[error("{}: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        source: rustls::pki_types::pem::Error,
    },
    #[error("{}: not a certificate authority: {source}", path.display())]
    NotAnAuthority {
        path: PathBuf,
        source: rustls::Error,
    },
    #[error("the key {} does not go with the certificate {}: {source}", key.display(), certificate.display())]
    Mismatch {
        certificate: PathBuf,
        key: PathBuf,
        source: rustls::Error,
    },
    #[error("TLS cannot be set up: {0}")]
    Config(#[source] rustls::Error),
}

/// The ring backend. rustls marks it deprecated because ring has no
/// post-quantum key exchange; aws-lc-rs has, but needs cmake and minutes of
/// C build on every cold build (docs/architecture.md), so ring it is until
/// one of the two changes.
#[allow(deprecated)]
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

fn read(path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|source| TlsError::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// Every certificate of the PEM file at `path`, in order.
pub fn read_certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let pem = read(path)?;
    let certificates = CertificateDer::pem_slice_iter(&pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|source| TlsError::Unreadable {
            path: path.to_path_buf(),
            source,
        })?;
    if certificates.is_empty() {
        return Err(TlsError::NoCertificate {
            path: path.to_path_buf(),
        });
    }
    Ok(certificates)
}

/// The private key of the PEM file at `path` (PKCS #8, PKCS #1 or SEC1).
pub fn read_key(path: &Path) -> Result<PrivateKeyDer<'static>, TlsError> {
    let pem = read(path)?;
    PrivateKeyDer::from_pem_slice(&pem).map_err(|e| match e {
        rustls::pki_types::pem::Error::NoItemsFound => TlsError::NoKey {
            path: path.to_path_buf(),
        },
        source => TlsError::Unreadable {
            path: path.to_path_buf(),
            source,
        },
    })
}

/// What a client trusts: the Mozilla roots, and the certificate
/// authorities in `ca_file` if one is named.
pub fn client_config(ca_file: Option<&Path>) -> Result<Arc<rustls::ClientConfig>, TlsError> {
    let mut roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    if let Some(path) = ca_file {
        for certificate in read_certificates(path)? {
            roots
                .add(certificate)
                .map_err(|source| TlsError::NotAnAuthority {
                    path: path.to_path_buf(),
                    source,
                })?;
        }
    }
    let config = rustls::ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(TlsError::Config)?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Why a connection failed, in the player's words when it is about TLS: a
/// certificate that does not check is said plainly, and is *final* (trying
/// again will not help, so a client stops and says so).
pub fn explain(error: &tokio_tungstenite::tungstenite::Error) -> (String, bool) {
    use tokio_tungstenite::tungstenite::Error;
    use tokio_tungstenite::tungstenite::error::TlsError as WsTls;
    // The handshake's errors come wrapped in an I/O error.
    let tls = match error {
        Error::Tls(WsTls::Rustls(error)) => Some(error.as_ref()),
        Error::Io(io) => io
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<rustls::Error>()),
        _ => None,
    };
    match tls {
        None => (error.to_string(), false),
        Some(rustls::Error::InvalidCertificate(certificate)) => (
            format!(
                "the server's certificate is not accepted: {}",
                certificate_problem(certificate)
            ),
            true,
        ),
        Some(other) => (format!("the TLS handshake failed: {other}"), true),
    }
}

fn certificate_problem(error: &rustls::CertificateError) -> String {
    use rustls::CertificateError as E;
    match error {
        E::UnknownIssuer => "it is signed by an authority this player does not trust \
                             (a self-hosted server's authority can be named in Settings or with --ca-file)"
            .into(),
        E::NotValidForName | E::NotValidForNameContext { .. } => {
            "it is made out for another name than the server's".into()
        }
        E::Expired | E::ExpiredContext { .. } => "it has expired".into(),
        E::NotValidYet | E::NotValidYetContext { .. } => "it is not valid yet".into(),
        E::Revoked => "it has been revoked".into(),
        E::BadSignature | E::BadEncoding => "it is damaged".into(),
        other => format!("{other:?}"),
    }
}

/// The certificate `burrow serve` shows, read again from its files when
/// they change.
#[derive(Debug)]
pub struct ServerCertificate {
    certificate: PathBuf,
    key: PathBuf,
    current: RwLock<Loaded>,
}

#[derive(Debug)]
struct Loaded {
    stamps: (Option<SystemTime>, Option<SystemTime>),
    key: Arc<CertifiedKey>,
}

fn stamp(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

impl ServerCertificate {
    /// Reads the certificate chain and key; either not reading, or not
    /// going together, is an error naming the file.
    pub fn load(certificate: &Path, key: &Path) -> Result<Arc<ServerCertificate>, TlsError> {
        let loaded = Self::read(certificate, key)?;
        Ok(Arc::new(ServerCertificate {
            certificate: certificate.to_path_buf(),
            key: key.to_path_buf(),
            current: RwLock::new(loaded),
        }))
    }

    fn read(certificate: &Path, key: &Path) -> Result<Loaded, TlsError> {
        // Stamps first: a file changed while it is read is read again at
        // the next look.
        let stamps = (stamp(certificate), stamp(key));
        let chain = read_certificates(certificate)?;
        let private = read_key(key)?;
        let key_pair = CertifiedKey::from_der(chain, private, &provider()).map_err(|source| {
            TlsError::Mismatch {
                certificate: certificate.to_path_buf(),
                key: key.to_path_buf(),
                source,
            }
        })?;
        Ok(Loaded {
            stamps,
            key: Arc::new(key_pair),
        })
    }

    /// Reads the files again if either changed since they were read. `Ok(true)`:
    /// the new certificate is in use; an error leaves the old one in use.
    pub fn refresh(&self) -> Result<bool, TlsError> {
        let stamps = (stamp(&self.certificate), stamp(&self.key));
        if self
            .current
            .read()
            .map(|c| c.stamps == stamps)
            .unwrap_or(false)
        {
            return Ok(false);
        }
        let loaded = Self::read(&self.certificate, &self.key);
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        match loaded {
            Ok(loaded) => {
                *current = loaded;
                Ok(true)
            }
            Err(e) => {
                // Not again until the files change again.
                current.stamps = stamps;
                Err(e)
            }
        }
    }

    /// The server's TLS configuration, which shows whatever certificate is
    /// current at each handshake.
    pub fn config(self: &Arc<Self>) -> Result<Arc<rustls::ServerConfig>, TlsError> {
        let config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(TlsError::Config)?
            .with_no_client_auth()
            .with_cert_resolver(self.clone());
        Ok(Arc::new(config))
    }
}

impl rustls::server::ResolvesServerCert for ServerCertificate {
    fn resolve(&self, _hello: rustls::server::ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        Some(current.key.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path, name: &str) -> (PathBuf, PathBuf, String) {
        let made = rcgen::generate_simple_self_signed(vec![name.to_string()]).unwrap();
        let certificate = dir.join(format!("{name}.crt"));
        let key = dir.join(format!("{name}.key"));
        std::fs::write(&certificate, made.cert.pem()).unwrap();
        std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
        (certificate, key, made.cert.pem())
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("burrow-tls-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn files_that_are_not_pem_are_named() {
        let dir = scratch("bad");
        let junk = dir.join("junk.pem");
        std::fs::write(&junk, "hello").unwrap();
        let e = read_certificates(&junk).unwrap_err();
        assert!(matches!(e, TlsError::NoCertificate { .. }), "{e}");
        assert!(e.to_string().contains("junk.pem"), "{e}");
        let e = read_key(&junk).unwrap_err();
        assert!(matches!(e, TlsError::NoKey { .. }), "{e}");
        let e = client_config(Some(&dir.join("missing.pem"))).unwrap_err();
        assert!(e.to_string().contains("missing.pem"), "{e}");
    }

    #[test]
    fn a_key_of_another_certificate_is_refused() {
        let dir = scratch("mismatch");
        let (one, _, _) = files(&dir, "one.test");
        let (_, other_key, _) = files(&dir, "other.test");
        let e = ServerCertificate::load(&one, &other_key).unwrap_err();
        assert!(matches!(e, TlsError::Mismatch { .. }), "{e}");
    }

    #[test]
    fn the_certificate_is_read_again_when_its_files_change() {
        let dir = scratch("reload");
        let (certificate, key, first) = files(&dir, "localhost");
        let server = ServerCertificate::load(&certificate, &key).unwrap();
        assert!(!server.refresh().unwrap(), "nothing changed");
        let before = server.current.read().unwrap().key.cert[0].clone();
        // A renewal: new files (with a later time stamp).
        std::thread::sleep(std::time::Duration::from_millis(20));
        let (_, _, second) = files(&dir, "localhost");
        assert_ne!(first, second);
        assert!(server.refresh().unwrap(), "the renewal is read");
        let after = server.current.read().unwrap().key.cert[0].clone();
        assert_ne!(before, after);
        // A broken renewal keeps the old certificate and says why.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&key, "not a key").unwrap();
        assert!(server.refresh().is_err());
        assert_eq!(server.current.read().unwrap().key.cert[0], after);
        assert!(
            !server.refresh().unwrap(),
            "the broken files are not read again and again"
        );
        assert!(server.config().is_ok());
    }
}
