// What differs between Linux and Darwin in the tooling (Sources/AASALintCore/Platform/Platform.swift
// lists the engine's part):
//
// - HTTPTransport (this file): libcurl, loaded on first use, on Linux; URLSession elsewhere.
//   Chosen by platform, as Package.swift links CCurl only on Linux. libcurl checks the address
//   of every connection it opens (`CurlExchange`); URLSession cannot, so `URLSessionExchange`
//   checks what HostResolution resolves before each request.
// - HostResolution: `getaddrinfo`; SOCK_STREAM is an enum in Glibc and an Int32 in Darwin.
// - ProcessSession: plugins start in a session of their own, which is ended once they have
//   answered. The spawn flag is a GNU extension Swift does not import on Linux (0x80), and
//   0x400 in Darwin's <spawn.h>; the processes of the session are listed from /proc on Linux
//   and with libproc's `proc_listallpids` on Darwin.

/// The HTTP client of `RemoteFetcher`.
#if os(Linux)
typealias HTTPTransport = CurlExchange
#else
typealias HTTPTransport = URLSessionExchange
#endif
