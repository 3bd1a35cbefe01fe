#ifndef PARPAIR_CCRYPTO_SHIM_H
#define PARPAIR_CCRYPTO_SHIM_H
// OpenSSL's libcrypto: PBKDF2, AES key wrap (RFC 3394) and AES-256-CBC, for encrypted device backups.
#include <openssl/evp.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#endif
