// libcurl's easy interface, loaded with dlopen on the first download: linking libcurl would load
// it and the thirty-odd libraries it needs into every run of aasalint, most of which never fetch.
// The constants are those of curl.h, which libcurl keeps stable across versions, so building
// needs no libcurl headers.

#include "CCurl.h"

#include <dlfcn.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void CURL;
typedef long long curl_off_t;
typedef size_t (*curl_write_callback)(char *data, size_t size, size_t count, void *context);

enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_PROTOCOLS = 181,
    CURLOPT_PROXY = 10004,
    CURLOPT_CAINFO = 10065,
    CURLOPT_OPENSOCKETFUNCTION = 20163,
    CURLOPT_OPENSOCKETDATA = 10164,
};
enum { CURL_SOCKET_BAD = -1 };

/// libcurl's description of the socket it is about to open (curl.h); the address continues past
/// `addr` for IPv6, in memory libcurl owns.
struct curl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};
enum { CURLPROTO_HTTP = 1, CURLPROTO_HTTPS = 2 };
enum { CURLINFO_RESPONSE_CODE = 0x200000 + 2, CURLINFO_OS_ERRNO = 0x200000 + 25 };
enum { CURLINFO_CONTENT_LENGTH_DOWNLOAD_T = 0x600000 + 15 };
enum { CURL_GLOBAL_DEFAULT = 3 };

static struct {
    int (*global_init)(long flags);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *handle, int option, ...);
    int (*easy_perform)(CURL *handle);
    int (*easy_getinfo)(CURL *handle, int info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(int code);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[512];

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !load_failure[0]) {
        snprintf(load_failure, sizeof load_failure, "the libcurl found lacks %s", name);
    }
    return found;
}

static void load(void) {
    static const char *const names[] = {
#ifdef __APPLE__
        "libcurl.4.dylib",
#else
        "libcurl.so.4", "libcurl-gnutls.so.4",
#endif
    };
    void *library = NULL;
    char first_failure[sizeof load_failure] = "";
    for (size_t index = 0; index < sizeof names / sizeof names[0] && !library; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        const char *reason = library ? NULL : dlerror();
        // The first name is the library asked for; the others are stand-ins.
        if (index == 0 && reason) snprintf(first_failure, sizeof first_failure, "%s", reason);
    }
    if (!library) {
        snprintf(load_failure, sizeof load_failure, "%s", first_failure[0] ? first_failure : "libcurl.so.4 was not found");
        return;
    }
    *(void **)&curl.global_init = symbol(library, "curl_global_init");
    *(void **)&curl.easy_init = symbol(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = symbol(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = symbol(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = symbol(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = symbol(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = symbol(library, "curl_easy_strerror");
    if (!load_failure[0] && curl.global_init(CURL_GLOBAL_DEFAULT) != 0) {
        snprintf(load_failure, sizeof load_failure, "libcurl could not be initialised");
    }
}

int aasalint_curl_load(char *message, size_t capacity) {
    pthread_once(&load_once, load);
    if (!load_failure[0]) return 0;
    snprintf(message, capacity, "%s", load_failure);
    return -1;
}

typedef struct {
    CURL *handle;
    const aasalint_curl_policy *policy;
    size_t maximum_bytes;
    aasalint_curl_answer *answer;
    size_t body_capacity;
    size_t headers_capacity;
} exchange;

static int append(char **buffer, size_t *length, size_t *capacity, const char *data, size_t count) {
    if (*length + count > *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 4096;
        while (grown < *length + count) grown *= 2;
        char *larger = realloc(*buffer, grown);
        if (!larger) return -1;
        *buffer = larger;
        *capacity = grown;
    }
    memcpy(*buffer + *length, data, count);
    *length += count;
    return 0;
}

static size_t receive_header(char *data, size_t size, size_t count, void *context) {
    exchange *current = context;
    aasalint_curl_answer *answer = current->answer;
    size_t bytes = size * count;
    // Each response (an interim `100 Continue`, then the answer) starts with its status line.
    if (bytes >= 5 && memcmp(data, "HTTP/", 5) == 0) answer->headers_length = 0;
    if (append(&answer->headers, &answer->headers_length, &current->headers_capacity, data, bytes) != 0) return 0;
    int ends_headers = bytes <= 2 && (data[0] == '\r' || data[0] == '\n');
    if (ends_headers) {
        long status = 0;
        curl_off_t announced = -1;
        curl.easy_getinfo(current->handle, CURLINFO_RESPONSE_CODE, &status);
        curl.easy_getinfo(current->handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced);
        if (status >= 200 && announced > (curl_off_t)current->maximum_bytes) {
            answer->refused_announced_length = announced;
            return 0;
        }
    }
    return bytes;
}

static size_t receive_body(char *data, size_t size, size_t count, void *context) {
    exchange *current = context;
    aasalint_curl_answer *answer = current->answer;
    size_t bytes = size * count;
    if (answer->body_length + bytes > current->maximum_bytes) {
        answer->stopped_at_limit = 1;
        return 0;
    }
    if (append((char **)&answer->body, &answer->body_length, &current->body_capacity, data, bytes) != 0) return 0;
    return bytes;
}

/// Every connection libcurl makes (to each address it tries) passes here, after DNS: the policy
/// sees the address actually connected to, so a name that resolves elsewhere on a retry is
/// checked again.
static int open_socket(void *context, int purpose, struct curl_sockaddr *address) {
    (void)purpose;
    exchange *current = context;
    const unsigned char *bytes = NULL;
    if (address->family == AF_INET) {
        bytes = (const unsigned char *)&((const struct sockaddr_in *)&address->addr)->sin_addr;
    } else if (address->family == AF_INET6) {
        bytes = (const unsigned char *)&((const struct sockaddr_in6 *)&address->addr)->sin6_addr;
    }
    if (current->policy->check_address && (!bytes || current->policy->check_address(address->family, bytes) != 0)) {
        current->answer->refused_family = address->family;
        if (bytes) memcpy(current->answer->refused_address, bytes, address->family == AF_INET ? 4 : 16);
        return CURL_SOCKET_BAD;
    }
    return socket(address->family, address->socktype, address->protocol);
}

void aasalint_curl_get(const char *url, const char *user_agent, long timeout_ms, size_t maximum_bytes,
                       const aasalint_curl_policy *policy, aasalint_curl_answer *answer) {
    memset(answer, 0, sizeof *answer);
    answer->refused_announced_length = -1;
    CURL *handle = curl.easy_init();
    if (!handle) {
        answer->code = -1;
        snprintf(answer->message, sizeof answer->message, "libcurl could not start a download");
        return;
    }
    exchange current = {.handle = handle, .policy = policy, .maximum_bytes = maximum_bytes, .answer = answer};
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_USERAGENT, user_agent);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    // No cookie is sent or kept: without CURLOPT_COOKIEFILE libcurl's cookie engine is off.
    // "" turns off the proxies that libcurl would otherwise take from the environment.
    if (!policy->use_environment_proxy) curl.easy_setopt(handle, CURLOPT_PROXY, "");
    if (policy->trusted_certificates) curl.easy_setopt(handle, CURLOPT_CAINFO, policy->trusted_certificates);
    curl.easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, open_socket);
    curl.easy_setopt(handle, CURLOPT_OPENSOCKETDATA, (void *)&current);
    // Timers without SIGALRM: downloads run on several threads at once.
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    // "": every encoding this libcurl decodes, as URLSession asks for.
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, answer->message);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, (curl_write_callback)receive_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, (void *)&current);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, (curl_write_callback)receive_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, (void *)&current);
    answer->code = curl.easy_perform(handle);
    long status = 0;
    long system_error = 0;
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    curl.easy_getinfo(handle, CURLINFO_OS_ERRNO, &system_error);
    answer->status = status;
    answer->system_error = (int)system_error;
    if (answer->code != 0 && !answer->message[0]) {
        snprintf(answer->message, sizeof answer->message, "%s", curl.easy_strerror(answer->code));
    }
    curl.easy_cleanup(handle);
}

void aasalint_curl_answer_free(aasalint_curl_answer *answer) {
    free(answer->body);
    free(answer->headers);
    answer->body = NULL;
    answer->headers = NULL;
}
