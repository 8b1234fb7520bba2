package dev.keypath.streams;

/** Where a {@link ChangeFeedReader} without a checkpoint starts reading. */
public enum StartPosition {
    /** At the oldest record the stream still keeps (up to 24 hours back): the default. */
    TRIM_HORIZON,
    /** After the newest record: only changes made from now on. */
    LATEST
}
