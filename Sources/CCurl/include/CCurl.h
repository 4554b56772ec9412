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
    char message[AASALINT_CURL_MESSAGE_SIZE];
    unsigned char *body;
    size_t body_length;
    char *headers;
    size_t headers_length;
} aasalint_curl_answer;

/// Loads libcurl on first use. Returns 0 when it is there; otherwise fills `message` with why not.
int aasalint_curl_load(char *message, size_t capacity);

/// One GET of `url` that follows no redirect, decodes any Content-Encoding libcurl knows, ends
/// within `timeout_ms`, and stops once the announced or decoded body is over `maximum_bytes`.
/// Call only after `aasalint_curl_load` succeeded.
void aasalint_curl_get(const char *url, const char *user_agent, long timeout_ms, size_t maximum_bytes,
                       aasalint_curl_answer *answer);

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
