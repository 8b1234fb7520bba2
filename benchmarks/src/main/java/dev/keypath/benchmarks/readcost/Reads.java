package dev.keypath.benchmarks.readcost;

/**
 * The consistency a library's reads are made at. Every peer reads eventually consistent by default; keypath's
 * defaults are its own, so keypath runs twice: once told to read eventually consistent everywhere it can be told,
 * once at its defaults.
 */
enum Reads {
    /** Eventually consistent, set explicitly on every read that takes a consistency. */
    EVENTUAL,
    /** Whatever the library does when nothing is said. */
    LIBRARY_DEFAULT
}
