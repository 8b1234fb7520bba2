package dev.keypath.dynamodb.internal.extension;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemRead;
import dev.keypath.dynamodb.ReadModification;
import dev.keypath.dynamodb.StoredItemCodec;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The extensions of one table, resolved per registered type when the table is built: each type keeps only those
 * that {@linkplain ItemExtension#appliesTo apply} to it, in order, so a type without any costs one map lookup per
 * write or read. Runs the read hooks; the write hooks are run by the operations that build writes. Immutable.
 */
public final class ItemExtensions {
    private static final ItemExtension[] NONE = new ItemExtension[0];

    private final Map<Class<?>, ItemExtension[]> byType;
    private final Map<Class<?>, Boolean> changesFields;
    private final Map<Class<?>, Boolean> mayHide;
    private final Clock clock;
    private final StoredItemCodecs codecs;

    /** Resolves {@code extensions} (built-ins first) for each of {@code schemas}. */
    public ItemExtensions(Collection<DefaultItemSchema<?>> schemas, List<ItemExtension> extensions, Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        Map<Class<?>, ItemExtension[]> by = new IdentityHashMap<>();
        Map<Class<?>, Boolean> changes = new IdentityHashMap<>();
        Map<Class<?>, Boolean> hiding = new IdentityHashMap<>();
        for (DefaultItemSchema<?> s : schemas) {
            List<ItemExtension> applying = new ArrayList<>();
            boolean changing = false;
            boolean hides = false;
            for (ItemExtension e : extensions) {
                if (e.appliesTo(s)) {
                    applying.add(e);
                    changing |= !(e instanceof BuiltInExtension b) || b.changesFields();
                    hides |= !(e instanceof BuiltInExtension) && hasReadHook(e);
                }
            }
            by.put(s.type(), applying.isEmpty() ? NONE : applying.toArray(ItemExtension[]::new));
            changes.put(s.type(), changing);
            hiding.put(s.type(), hides);
        }
        this.byType = by;
        this.changesFields = changes;
        this.mayHide = hiding;
        StoredItemCodec codec = null;
        for (ItemExtension e : extensions) {
            if (e instanceof CodecCarrier c) {
                codec = c.codec();
            }
        }
        this.codecs = StoredItemCodecs.of(codec, schemas);
    }

    /** The table's stored-item codec, prepared for its types ({@link StoredItemCodecs#NONE} without one). */
    public StoredItemCodecs codecs() {
        return codecs;
    }

    /** The extensions that apply to {@code schema}'s type, in order; empty when none does. */
    public ItemExtension[] of(DefaultItemSchema<?> schema) {
        ItemExtension[] e = byType.get(schema.type());
        return e == null ? NONE : e;
    }

    /** Whether a put of {@code schema}'s type may store field values its object does not hold. */
    public boolean changesFields(DefaultItemSchema<?> schema) {
        return Boolean.TRUE.equals(changesFields.get(schema.type()));
    }

    /**
     * Whether a read hook of a caller's extension may make an item of {@code schema}'s type read as absent (the
     * built-in expiry is not counted: a filter expression says what it hides).
     */
    public boolean mayHide(DefaultItemSchema<?> schema) {
        return Boolean.TRUE.equals(mayHide.get(schema.type()));
    }

    /** Whether {@code e} overrides {@link ItemExtension#afterRead}. */
    private static boolean hasReadHook(ItemExtension e) {
        try {
            return e.getClass().getMethod("afterRead", ItemRead.class).getDeclaringClass() != ItemExtension.class;
        } catch (NoSuchMethodException impossible) {
            return true;
        }
    }

    /** The table's clock, handed to the hooks. */
    public Clock clock() {
        return clock;
    }

    /**
     * {@code item} as the read hooks of {@code schema}'s type leave it: the same map when none changes it, a
     * replacement, or null when one makes it read as absent.
     */
    public Map<String, AttributeValue> afterRead(DefaultItemSchema<?> schema, KeyPath keyPath,
                                                 Map<String, AttributeValue> item) {
        ItemExtension[] extensions = of(schema);
        Map<String, AttributeValue> current = item;
        for (ItemExtension e : extensions) {
            ReadModification m = e.afterRead(new ItemRead(schema, keyPath, current, clock));
            if (m == null || m == ReadModification.NONE) {
                continue;
            }
            if (m.isAbsent()) {
                return null;
            }
            if (m.attributes() != null) {
                current = m.attributes();
            }
        }
        return current;
    }
}
