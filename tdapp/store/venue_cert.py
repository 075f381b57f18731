"""The venue server's TLS certificate: self-signed, made at the server's first start, kept in
its folder (the key 0600), and known to stations by its SHA-256 fingerprint, which travels in
the join address (``…?fingerprint=HEX``) so that a station pins exactly this certificate.
"""

from __future__ import annotations

import datetime
import hashlib
import ssl
from pathlib import Path

from tdapp.atomic import write_atomically

CERT_FILE = "venue-cert.pem"
KEY_FILE = "venue-key.pem"
_VALID_DAYS = 3650  # a venue laptop is reused for years; the pin, not the date, is the check


def fingerprint_of_der(der: bytes) -> str:
    """The certificate's SHA-256 fingerprint as 64 lowercase hex digits."""
    return hashlib.sha256(der).hexdigest()


def fingerprint_of_pem(pem: str) -> str:
    return fingerprint_of_der(ssl.PEM_cert_to_DER_cert(pem))


def normal_fingerprint(text: str) -> str | None:
    """'AB:CD:…', 'sha256:abcd…' or 'abcd…' as 64 lowercase hex digits; None if it is not one."""
    digits = text.strip().lower().removeprefix("sha256:")
    for separator in ": -":
        digits = digits.replace(separator, "")
    if len(digits) == 64 and all(c in "0123456789abcdef" for c in digits):
        return digits
    return None


def readable_fingerprint(fingerprint: str) -> str:
    """'d750 ac3d bb95 …': the fingerprint in groups of four, to read from a screen."""
    return " ".join(fingerprint[i:i + 4] for i in range(0, len(fingerprint), 4))


def cert_paths(data_dir: Path) -> tuple[Path, Path]:
    return data_dir / CERT_FILE, data_dir / KEY_FILE


def ensure_certificate(data_dir: Path) -> str:
    """The server's certificate, made the first time; its fingerprint."""
    cert_path, key_path = cert_paths(data_dir)
    if not (cert_path.exists() and key_path.exists()):
        _make(cert_path, key_path)
    return fingerprint_of_pem(cert_path.read_text(encoding="ascii"))


def _make(cert_path: Path, key_path: Path) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "tdapp venue server")])
    now = datetime.datetime.now(datetime.UTC)
    # Its own authority (CA:TRUE): a station gives it to libpq as the one trusted root
    # (sslmode=verify-ca), so only this certificate, whose key never leaves the server, passes.
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name).issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=_VALID_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                     content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False,
                                     crl_sign=False, encipher_only=False,
                                     decipher_only=False), critical=True)
        .sign(key, hashes.SHA256())
    )
    write_atomically(key_path, key.private_bytes(serialization.Encoding.PEM,
                                               serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()), private=True)
    write_atomically(cert_path, certificate.public_bytes(serialization.Encoding.PEM),
                     private=True)
