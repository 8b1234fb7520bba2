package dev.keypath.streams;

import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Turns DynamoDB Streams records of a key-path table into {@link ItemChange}s: the kind, the key path decoded from
 * the binary {@code pk}/{@code sk}, the registered class named by {@code _type}, the old and new images mapped to
 * that class by its {@link ItemSchema}, the sequence number, the creation time and whether the TTL process removed
 * the item. Records come from {@code DynamoDbStreamsClient.getRecords} or, through
 * {@link dev.keypath.streams.lambda.LambdaChanges}, from a Lambda event.
 *
 * <pre>{@code
 * ChangeDecoder decoder = ChangeDecoder.forTable(table);
 * for (Record r : streams.getRecords(req).records()) {
 *     decoder.decode(r).ifPresent(change -> ...);
 * }
 * }</pre>
 *
 * <p>A record it cannot read is an {@link UnreadableChangeException} or, with {@link UnreadablePolicy#FLAG}, a
 * change whose {@link ItemChange#problem()} says why; never an object of the wrong class or with wrong fields.
 * Changes of keypath's own bookkeeping items are left out unless {@link InternalItems#INCLUDE} is set. Immutable
 * and thread-safe.
 */
public final class ChangeDecoder {
    private final Map<String, ItemSchema<?>> byName;
    private final UnreadablePolicy unreadable;
    private final InternalItems internals;

    private ChangeDecoder(Map<String, ItemSchema<?>> byName, UnreadablePolicy unreadable, InternalItems internals) {
        this.byName = byName;
        this.unreadable = unreadable;
        this.internals = internals;
    }

    /** A decoder for the types registered with {@code table}, mapping images with the table's own schemas. */
    public static ChangeDecoder forTable(KeyPathTable table) {
        return of(table.registeredTypes().stream().<ItemSchema<?>>map(table::schema).toList());
    }

    /** A decoder for the types registered with {@code table}, mapping images with the table's own schemas. */
    public static ChangeDecoder forTable(KeyPathAsyncTable table) {
        return of(table.registeredTypes().stream().<ItemSchema<?>>map(table::schema).toList());
    }

    /**
     * A decoder for these schemas (their type names must differ).
     *
     * @throws ItemMappingException if two classes share a stored type name
     */
    public static ChangeDecoder of(Collection<? extends ItemSchema<?>> schemas) {
        Map<String, ItemSchema<?>> byName = new LinkedHashMap<>();
        for (ItemSchema<?> s : schemas) {
            List<String> names = new java.util.ArrayList<>(List.of(s.typeName()));
            names.addAll(s.history().formerTypeNames()); // items stored before a type rename keep the old name
            for (String name : names) {
                ItemSchema<?> clash = byName.put(name, s);
                if (clash != null && clash.type() != s.type()) {
                    throw new ItemMappingException("Types " + clash.type().getName() + " and " + s.type().getName()
                            + " share the stored type name '" + name + "'; set @ItemType(name=...)");
                }
            }
        }
        return new ChangeDecoder(Map.copyOf(byName), UnreadablePolicy.FAIL, InternalItems.SKIP);
    }

    /** A decoder for these {@code @ItemType} classes, with keypath's default Jackson mapper. */
    public static ChangeDecoder ofTypes(Class<?>... types) {
        return of(Arrays.stream(types).<ItemSchema<?>>map(ItemSchemas::of).toList());
    }

    /**
     * A decoder that knows no classes: it decodes key paths, kinds and type names and keeps the images as raw
     * attributes ({@link ItemChange#newAttributes()}), for tools that show any key-path table's changes. An image
     * without {@code _type} is not a problem here.
     */
    public static ChangeDecoder untyped() {
        return new ChangeDecoder(null, UnreadablePolicy.FAIL, InternalItems.SKIP);
    }

    /** This decoder with another policy for unreadable records (the default is {@link UnreadablePolicy#FAIL}). */
    public ChangeDecoder withUnreadable(UnreadablePolicy policy) {
        return new ChangeDecoder(byName, Objects.requireNonNull(policy, "policy"), internals);
    }

    /** This decoder with another choice for internal items (the default is {@link InternalItems#SKIP}). */
    public ChangeDecoder withInternalItems(InternalItems choice) {
        return new ChangeDecoder(byName, unreadable, Objects.requireNonNull(choice, "choice"));
    }

    /** True if this decoder maps images to classes (false for {@link #untyped()}). */
    public boolean isTyped() {
        return byName != null;
    }

    /** The stored type names this decoder maps; empty for {@link #untyped()}. */
    public List<String> typeNames() {
        return byName == null ? List.of() : List.copyOf(byName.keySet());
    }

    /**
     * The change {@code record} describes; empty for an internal item that is left out.
     *
     * @throws UnreadableChangeException if the record cannot be read and the policy is {@link UnreadablePolicy#FAIL}
     */
    public Optional<ItemChange> decode(Record record) {
        ItemChange.Parts parts = new ItemChange.Parts();
        try {
            new RecordReading(record, parts, byName).read();
        } catch (UnreadableChangeException e) {
            if (unreadable == UnreadablePolicy.FAIL) {
                throw e;
            }
            parts.problem = e;
            parts.type = null;
            parts.oldImage = null;
            parts.newImage = null;
            return Optional.of(parts.build());
        }
        if (parts.internal && internals == InternalItems.SKIP) {
            return Optional.empty();
        }
        return Optional.of(parts.build());
    }
}
