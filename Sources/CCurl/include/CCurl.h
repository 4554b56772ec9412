#ifndef AASALINT_CCURL_H
#define AASALINT_CCURL_H

#include <stddef.h>

/// libcurl's error buffer size (CURL_ERROR_SIZE).
#define AASALINT_CURL_MESSAGE_SIZE 256

/// What one exchange left behind. The body and the headers are those of the last response
/// (after a `100 Continue`, say), owned by the answer until `aasalint_curl_answer_free`.
typedef struct {
    /// libcurl's CURLcode: 0 when the exchange completed.
    int code;
    /// errno of the failed connect or read, when libcurl knows it.
    int system_error;
    long status;
    /// The Content-Length of an answer refused before its body, else -1.
    long long refused_announced_length;
    /// Set when the body grew past the limit and the download was stopped.
    int stopped_at_limit;
    /// The address family (AF_INET, AF_INET6) of a connection the policy refused, else 0, and
    /// its bytes in network order.
    int refused_family;
    unsigned char refused_address[16];
    char message[AASALINT_CURL_MESSAGE_SIZE];
    unsigned char *body;
    size_t body_length;
    char *headers;
    size_t headers_length;
} aasalint_curl_answer;

/// Decides whether a connection may be made to an address: `family` is AF_INET or AF_INET6 and
/// `address` its 4 or 16 bytes in network order. Returns 0 to allow it.
typedef int (*aasalint_address_check)(int family, const unsigned char *address);

/// How one exchange may connect.
typedef struct {
    /// Called before every connection, with the address DNS gave; NULL allows every address.
    aasalint_address_check check_address;
    /// Nonzero: use the proxies of the environment (https_proxy and the like); zero ignores them.
    int use_environment_proxy;
    /// A file of PEM certificates to trust instead of the system's, or NULL.
    const char *trusted_certificates;
} aasalint_curl_policy;

/// Loads libcurl on first use. Returns 0 when it is there; otherwise fills `message` with why not.
int aasalint_curl_load(char *message, size_t capacity);

/// One GET of `url` that follows no redirect, sends no cookie, connects only where `policy` allows, decodes any Content-Encoding libcurl knows, ends
/// within `timeout_ms`, and stops once the announced or decoded body is over `maximum_bytes`.
/// Call only after `aasalint_curl_load` succeeded.
void aasalint_curl_get(const char *url, const char *user_agent, long timeout_ms, size_t maximum_bytes,
                       const aasalint_curl_policy *policy, aasalint_curl_answer *answer);

void aasalint_curl_answer_free(aasalint_curl_answer *answer);

/// CURLcode values the fetcher puts in words (stable parts of libcurl's ABI).
enum {
    AASALINT_CURLE_COULDNT_RESOLVE_HOST = 6,
    AASALINT_CURLE_COULDNT_CONNECT = 7,
    AASALINT_CURLE_WEIRD_SERVER_REPLY = 8,
    AASALINT_CURLE_PARTIAL_FILE = 18,
    AASALINT_CURLE_WRITE_ERROR = 23,
    AASALINT_CURLE_OPERATION_TIMEDOUT = 28,
    AASALINT_CURLE_SSL_CONNECT_ERROR = 35,
    AASALINT_CURLE_GOT_NOTHING = 52,
    AASALINT_CURLE_SEND_ERROR = 55,
    AASALINT_CURLE_RECV_ERROR = 56,
    AASALINT_CURLE_PEER_FAILED_VERIFICATION = 60,
};

#endif
