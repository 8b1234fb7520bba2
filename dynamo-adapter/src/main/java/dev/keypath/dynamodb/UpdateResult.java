package dev.keypath.dynamodb;

import java.lang.invoke.MethodType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * What an update handed back, by its {@link UpdateItem.Returning}:
 * <ul>
 *   <li>{@code NEW} / {@code OLD}: {@link #item()} is the whole item after / before the update, as its type
 *       (empty for {@code OLD} when an upsert created the item);</li>
 *   <li>{@code UPDATED_NEW} / {@code UPDATED_OLD}: {@link #attributes()} holds only the attributes the update
 *       wrote, after / before it, as plain Java values, by top-level name; a nested change returns its top-level
 *       attribute holding at least the changed part ({@code stats.likes} gives {@code {stats={likes=8, ...}}}; which
 *       unchanged parts come along is the engine's choice, so read by path). {@link #get(String, Class)} reads
 *       one by path and converts it to a Java type with the table's Jackson mapper, as fields are read;</li>
 *   <li>{@code NONE}: neither.</li>
 * </ul>
 * Plain values are: {@code String}, numbers (Integer, Long or BigInteger when integral, else BigDecimal),
 * {@code Boolean}, {@code byte[]}, {@code null}, {@code List} (lists, binary sets, and an empty set, which is stored
 * as an empty list), {@code Map} and {@code Set} (string and number sets). The key, type and other reserved
 * attributes are left out.
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the item's type
 */
public final class UpdateResult<T> {
    private final UpdateItem.Returning returning;
    private final T item;
    private final Map<String, Object> attributes;
    private final BiFunction<Object, Class<?>, Object> converter;
    private final OperationCapacity capacity;

    private UpdateResult(UpdateItem.Returning returning, T item, Map<String, Object> attributes,
                         BiFunction<Object, Class<?>, Object> converter) {
        this.returning = Objects.requireNonNull(returning, "returning");
        this.item = item;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        this.converter = Objects.requireNonNull(converter, "converter");
        this.capacity = OperationCapacity.NONE;
    }

    private UpdateResult(UpdateResult<T> result, OperationCapacity capacity) {
        this.returning = result.returning;
        this.item = result.item;
        this.attributes = result.attributes;
        this.converter = result.converter;
        this.capacity = Objects.requireNonNull(capacity, "capacity");
    }

    /**
     * A result, for table implementations.
     *
     * @param returning  what the update asked for
     * @param item       the whole item, or null
     * @param attributes the returned attributes as plain Java values (empty if none)
     * @param converter  converts a plain value to a Java type, as the table reads fields
     */
    public static <T> UpdateResult<T> of(UpdateItem.Returning returning, T item, Map<String, Object> attributes,
                                         BiFunction<Object, Class<?>, Object> converter) {
        return new UpdateResult<>(returning, item, attributes, converter);
    }

    /** This result with {@code capacity} as the capacity the update consumed. */
    public UpdateResult<T> withCapacity(OperationCapacity capacity) {
        return new UpdateResult<>(this, capacity);
    }

    /**
     * The capacity the update consumed over all its requests (a read of absent values and the update sent again
     * included); {@link OperationCapacity#NONE} for a result built by hand.
     */
    public OperationCapacity capacity() {
        return capacity;
    }

    /** What the update asked for. */
    public UpdateItem.Returning returning() {
        return returning;
    }

    /** The whole item (for {@code NEW} and {@code OLD}). */
    public Optional<T> item() {
        return Optional.ofNullable(item);
    }

    /** The returned attributes by name, as plain Java values. */
    public Map<String, Object> attributes() {
        return attributes;
    }

    /**
     * The plain value at {@code path} ({@code title}, {@code stats.likes}, {@code tags[0]}) among
     * {@link #attributes()}; empty if it was not returned (a stored NULL is also empty).
     */
    public Optional<Object> get(String path) {
        Object at = attributes;
        for (AttributePath.Segment s : AttributePath.parse(path).segments()) {
            if (s instanceof AttributePath.Index i) {
                at = at instanceof List<?> l && i.index() < l.size() ? l.get(i.index()) : null;
            } else {
                String name = s instanceof AttributePath.Name n ? n.name() : ((AttributePath.Component) s).component();
                at = at instanceof Map<?, ?> m ? m.get(name) : null;
            }
            if (at == null) {
                return Optional.empty();
            }
        }
        return Optional.of(at);
    }

    /**
     * The value at {@code path} converted to {@code type} (a primitive type is boxed) with the table's mapper ({@code Long.class},
     * {@code Instant.class}, a record of a nested object, ...).
     *
     * @throws ItemMappingException if the value does not convert
     */
    public <V> Optional<V> get(String path, Class<V> type) {
        Objects.requireNonNull(type, "type");
        @SuppressWarnings("unchecked")
        Class<V> boxed = (Class<V>) MethodType.methodType(type).wrap().returnType();
        return get(path).map(v -> boxed.cast(converter.apply(v, boxed)));
    }

    @Override
    public String toString() {
        return "UpdateResult[" + returning + (item != null ? ", item=" + item : "")
                + (attributes.isEmpty() ? "" : ", attributes=" + attributes) + "]";
    }
}
