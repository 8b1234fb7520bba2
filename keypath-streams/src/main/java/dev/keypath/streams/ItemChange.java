package dev.keypath.streams;

import dev.keypath.KeyPath;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One decoded stream record of a key-path table: what happened ({@link #kind()}), to which item
 * ({@link #keyPath()}, {@link #type()}), the item before and after as objects of its registered class (as far as
 * the stream's view type carries them), where the record sits in its shard ({@link #sequenceNumber()}) and
 * whether DynamoDB's TTL process removed the item ({@link #isExpiry()}).
 *
 * <p>A change flagged by {@link UnreadablePolicy#FLAG} has its {@link #problem()} and no objects; its raw keys and
 * attributes are kept. Immutable and thread-safe (the mapped objects are whatever the registered classes make).
 */
public final class ItemChange {
    private final ChangeKind kind;
    private final KeyPath keyPath;
    private final String typeName;
    private final Class<?> type;
    private final Object oldImage;
    private final Object newImage;
    private final Map<String, AttributeValue> keys;
    private final Map<String, AttributeValue> oldAttributes;
    private final Map<String, AttributeValue> newAttributes;
    private final String sequenceNumber;
    private final Instant approximateCreationTime;
    private final boolean expiry;
    private final boolean internal;
    private final UnreadableChangeException problem;

    private ItemChange(Parts p) {
        this.kind = p.kind;
        this.keyPath = p.keyPath;
        this.typeName = p.typeName;
        this.type = p.type;
        this.oldImage = p.oldImage;
        this.newImage = p.newImage;
        this.keys = p.keys == null ? Map.of() : copy(p.keys);
        this.oldAttributes = p.oldAttributes == null ? null : copy(p.oldAttributes);
        this.newAttributes = p.newAttributes == null ? null : copy(p.newAttributes);
        this.sequenceNumber = p.sequenceNumber;
        this.approximateCreationTime = p.approximateCreationTime;
        this.expiry = p.expiry;
        this.internal = p.internal;
        this.problem = p.problem;
    }

    private static Map<String, AttributeValue> copy(Map<String, AttributeValue> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    /** What happened to the item; empty only for a flagged change whose event name is not one DynamoDB sends. */
    public Optional<ChangeKind> kind() {
        return Optional.ofNullable(kind);
    }

    /** The item's key path, decoded from the record's {@code pk}/{@code sk}; empty only when they do not decode. */
    public Optional<KeyPath> keyPath() {
        return Optional.ofNullable(keyPath);
    }

    /**
     * The stored type name ({@code _type}) of the item: of the new image when there is one, else of the old image;
     * for a record without images, the one registered type whose key-path template matches the key path, if
     * exactly one does.
     */
    public Optional<String> typeName() {
        return Optional.ofNullable(typeName);
    }

    /** The registered class of {@link #typeName()}; empty for internal items and for an untyped decoder. */
    public Optional<Class<?>> type() {
        return Optional.ofNullable(type);
    }

    /** The item before the change, as an object of its registered class, when the view type carries it. */
    public Optional<Object> oldImage() {
        return Optional.ofNullable(oldImage);
    }

    /** The item after the change, as an object of its registered class, when the view type carries it. */
    public Optional<Object> newImage() {
        return Optional.ofNullable(newImage);
    }

    /** {@link #oldImage()} if it is a {@code type}; empty otherwise. */
    public <T> Optional<T> oldImage(Class<T> type) {
        return type.isInstance(oldImage) ? Optional.of(type.cast(oldImage)) : Optional.empty();
    }

    /** {@link #newImage()} if it is a {@code type}; empty otherwise. */
    public <T> Optional<T> newImage(Class<T> type) {
        return type.isInstance(newImage) ? Optional.of(type.cast(newImage)) : Optional.empty();
    }

    /** The record's raw {@code Keys} ({@code pk} and {@code sk}, binary). */
    public Map<String, AttributeValue> keys() {
        return keys;
    }

    /** The raw {@code OldImage} of the record, if it has one. */
    public Optional<Map<String, AttributeValue>> oldAttributes() {
        return Optional.ofNullable(oldAttributes);
    }

    /** The raw {@code NewImage} of the record, if it has one. */
    public Optional<Map<String, AttributeValue>> newAttributes() {
        return Optional.ofNullable(newAttributes);
    }

    /** The record's sequence number in its shard; empty only for a flagged change that has none. */
    public Optional<String> sequenceNumber() {
        return Optional.ofNullable(sequenceNumber);
    }

    /** When DynamoDB wrote the record, about (DynamoDB rounds it; the Lambda event carries whole seconds). */
    public Optional<Instant> approximateCreationTime() {
        return Optional.ofNullable(approximateCreationTime);
    }

    /**
     * True for a removal made by DynamoDB's TTL process (the record's user identity is the service
     * {@code dynamodb.amazonaws.com}), false for a delete made by a client.
     */
    public boolean isExpiry() {
        return expiry;
    }

    /** True for a change of keypath's own bookkeeping items, such as a sequence-id counter. */
    public boolean isInternal() {
        return internal;
    }

    /** True unless the change was flagged as unreadable. */
    public boolean isReadable() {
        return problem == null;
    }

    /** Why the change could not be read, when it was flagged by {@link UnreadablePolicy#FLAG}. */
    public Optional<UnreadableChangeException> problem() {
        return Optional.ofNullable(problem);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ItemChange c && kind == c.kind && expiry == c.expiry && internal == c.internal
                && Objects.equals(keyPath, c.keyPath) && Objects.equals(typeName, c.typeName)
                && Objects.equals(type, c.type) && Objects.equals(oldImage, c.oldImage)
                && Objects.equals(newImage, c.newImage) && keys.equals(c.keys)
                && Objects.equals(oldAttributes, c.oldAttributes) && Objects.equals(newAttributes, c.newAttributes)
                && Objects.equals(sequenceNumber, c.sequenceNumber)
                && Objects.equals(approximateCreationTime, c.approximateCreationTime)
                && Objects.equals(problem == null ? null : problem.getMessage(),
                        c.problem == null ? null : c.problem.getMessage());
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, keyPath, typeName, sequenceNumber);
    }

    @Override
    public String toString() {
        return "ItemChange[" + kind + " " + keyPath + " " + typeName + (expiry ? " (expired)" : "")
                + (internal ? " (internal)" : "") + " #" + sequenceNumber
                + (problem == null ? "" : " unreadable: " + problem.getMessage()) + "]";
    }

    /** The fields of a change as the decoder gathers them. Not thread-safe. */
    static final class Parts {
        ChangeKind kind;
        KeyPath keyPath;
        String typeName;
        Class<?> type;
        Object oldImage;
        Object newImage;
        Map<String, AttributeValue> keys;
        Map<String, AttributeValue> oldAttributes;
        Map<String, AttributeValue> newAttributes;
        String sequenceNumber;
        Instant approximateCreationTime;
        boolean expiry;
        boolean internal;
        UnreadableChangeException problem;

        ItemChange build() {
            return new ItemChange(this);
        }
    }
}
