#ifndef PARPAIR_CNETTLE_SHIM_H
#define PARPAIR_CNETTLE_SHIM_H
// Nettle: PBKDF2-HMAC-SHA1/SHA256, AES-256 key unwrap (RFC 3394) and AES-256-CBC, for encrypted device backups;
// SHA-256 for the mail builder's identifiers.
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/nist-keywrap.h>
#include <nettle/pbkdf2.h>
#include <nettle/sha2.h>
#endif
