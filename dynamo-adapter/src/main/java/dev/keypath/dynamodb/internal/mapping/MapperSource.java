package dev.keypath.dynamodb.internal.mapping;

import tools.jackson.databind.json.JsonMapper;

/**
 * The Jackson mapper of a table or schema, built on first use: the caller's, or keypath's default, with strict
 * reads when asked for. A table whose types all map without Jackson ({@link PlainRecords}) never builds one, so
 * Jackson is not even loaded. Thread-safe.
 */
public final class MapperSource {
    /** keypath's default mapper with lenient reads. */
    public static final MapperSource DEFAULT = new MapperSource(null, false);

    /** The mapper used when the caller gives none, built on first use. */
    private static final class DefaultMapper {
        static final JsonMapper INSTANCE = JsonMapper.builder().build();

        static {
            defaultMapperBuilt = true;
        }
    }

    private static volatile boolean defaultMapperBuilt;

    private final JsonMapper given;
    private final boolean strict;
    private volatile JsonMapper mapper;

    private MapperSource(JsonMapper given, boolean strict) {
        this.given = given;
        this.strict = strict;
    }

    /** The caller's mapper ({@code null}: keypath's default), read strictly or not. */
    public static MapperSource of(JsonMapper given, boolean strict) {
        JsonMapper caller = given == defaultMapperIfBuilt() ? null : given;
        return caller == null && !strict ? DEFAULT : new MapperSource(caller, strict);
    }

    /**
     * Whether the mapper is keypath's default (strict or not), under which records of plain components map the same
     * with or without Jackson.
     */
    public boolean isDefault() {
        return given == null;
    }

    /** The mapper, built on the first call. */
    public JsonMapper get() {
        JsonMapper m = mapper;
        if (m == null) {
            JsonMapper base = given != null ? given : defaultMapper();
            m = strict ? StrictReads.of(base) : base;
            mapper = m;
        }
        return m;
    }

    /** keypath's default mapper if something already built it, else null (without building it). */
    private static JsonMapper defaultMapperIfBuilt() {
        return defaultMapperBuilt ? DefaultMapper.INSTANCE : null;
    }

    /** keypath's default Jackson mapper, shared (Jackson mappers are immutable and thread-safe). */
    public static JsonMapper defaultMapper() {
        return DefaultMapper.INSTANCE;
    }
}
