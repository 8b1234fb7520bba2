package dev.keypath.streams;

/**
 * What a {@link ChangeDecoder} does with changes of keypath's own bookkeeping items, such as the counters of
 * sequence ids (type {@code _kp_sequence}, in partitions of namespace {@code _kp_seq}).
 */
public enum InternalItems {
    /** Leave them out: the default. */
    SKIP,
    /** Return them as changes whose {@link ItemChange#isInternal()} is true, with raw attributes and no objects. */
    INCLUDE
}
