package dev.keypath.dynamodb.internal.mapping;

/**
 * The Jackson codec of one item type, built when an item of the type first needs Jackson, so that a type mapped
 * without it never loads Jackson's classes. Shared by the type's encoder and decoder. Thread-safe: two threads
 * meeting the first item may each build the codec, and either one is used.
 */
public final class LazyJacksonCodec {
    private final Class<?> type;
    private final MapperSource mapper;
    private volatile JacksonItemCodec codec;

    public LazyJacksonCodec(Class<?> type, MapperSource mapper) {
        this.type = type;
        this.mapper = mapper;
    }

    /** The codec, built on the first call. */
    public JacksonItemCodec get() {
        JacksonItemCodec j = codec;
        if (j == null) {
            j = JacksonItemCodec.of(type, mapper.get());
            codec = j;
        }
        return j;
    }
}
