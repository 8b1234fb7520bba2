package dev.keypath.dynamodb;

import java.util.Objects;

/**
 * One stored field of a registered item type, as {@link TypeDescription} lists it: where it is stored, the kind of
 * value it holds, and whether it may be absent. Immutable.
 *
 * <p>{@code path} is the attribute name the field is stored under (its name as the type's Jackson mapper writes
 * it); a field of a nested record is named after its parent ({@code profile.city}), a field of the records in a
 * list or set after {@code []} ({@code lines[].text}) and of the records in a map after {@code {}}
 * ({@code scores{}.points}). {@code type} is one of {@code string}, {@code number} (an integral number),
 * {@code decimal}, {@code boolean}, {@code binary}, {@code uuid}, {@code instant}, {@code enum[A,B]} (the constants
 * in name order), {@code keypath}, {@code keyid}, {@code json} (a Jackson tree), {@code any}, {@code java:Name}
 * (another JDK value, stored as Jackson writes it), {@code record} (a nested record or class, its fields listed
 * after it), {@code list<T>}, {@code set<T>} and {@code map<T>} (text keys).
 *
 * @param path     the stored name, with its parents' for a nested field
 * @param type     the kind of value, as above
 * @param nullable whether the field may be null, so absent from a stored item: false for a primitive, a field
 *                 annotated {@code @NotNull} or {@code @NonNull}, and a key field
 */
public record FieldDescription(String path, String type, boolean nullable) {
    /** Checks that the path and type are given. */
    public FieldDescription {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(type, "type");
    }

    /** The type with a {@code ?} after it when the field is nullable, e.g. {@code string?}. */
    public String typeWithNullability() {
        return nullable ? type + "?" : type;
    }
}
