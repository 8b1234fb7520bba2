package dev.keypath.streams;

import dev.keypath.KeyPath;
import dev.keypath.KeyPathFormatException;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Identity;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * The reading of one stream record into the {@link ItemChange.Parts} of a change, checking every field it uses:
 * each problem is an {@link UnreadableChangeException} naming it. Not thread-safe: one instance per record.
 */
final class RecordReading {
    static final String PK = "pk";
    static final String SK = "sk";
    static final String TYPE = "_type";
    /** Type names and namespaces that keypath keeps for its own items start with this. */
    static final String INTERNAL_PREFIX = "_kp_";
    /** The user identity of a removal made by DynamoDB's TTL process. */
    static final String TTL_IDENTITY_TYPE = "Service";
    static final String TTL_PRINCIPAL = "dynamodb.amazonaws.com";

    private final Record record;
    private final ItemChange.Parts parts;
    private final Map<String, ItemSchema<?>> byName;
    /** Per image, the attributes that came without a type and were read as empty maps. */
    private final Map<String, List<String>> typeless = new HashMap<>(2);

    /** @param byName the registered schemas by type name, or null to keep images raw */
    RecordReading(Record record, ItemChange.Parts parts, Map<String, ItemSchema<?>> byName) {
        this.record = record;
        this.parts = parts;
        this.byName = byName;
    }

    void read() {
        if (record == null) {
            throw problem("No record (null)", null);
        }
        StreamRecord data = record.dynamodb();
        if (data == null) {
            throw problem("The record has no 'dynamodb' part (keys, images, sequence number)", null);
        }
        parts.sequenceNumber = data.sequenceNumber();
        parts.approximateCreationTime = data.approximateCreationDateTime();
        parts.keys = data.hasKeys() ? data.keys() : null;
        parts.oldAttributes = data.hasOldImage() ? data.oldImage() : null;
        parts.newAttributes = data.hasNewImage() ? data.newImage() : null;
        parts.keyPath = keyPath(parts.keys);
        parts.oldAttributes = image(parts.oldAttributes, "OldImage");
        parts.newAttributes = image(parts.newAttributes, "NewImage");
        if (parts.sequenceNumber == null || parts.sequenceNumber.isBlank()) {
            throw problem("The record has no sequence number", parts.keyPath);
        }
        parts.kind = kind();
        checkImagesAgainstKind(data);
        parts.expiry = parts.kind == ChangeKind.REMOVE && isTtlIdentity(record.userIdentity());
        String oldType = typeName(parts.oldAttributes, "OldImage");
        String newType = typeName(parts.newAttributes, "NewImage");
        parts.typeName = newType != null ? newType : oldType;
        parts.internal = isInternal(parts.keyPath, oldType) || isInternal(parts.keyPath, newType);
        if (parts.internal) {
            return;
        }
        checkImageKeys(parts.oldAttributes, "OldImage");
        checkImageKeys(parts.newAttributes, "NewImage");
        if (byName == null) {
            return;
        }
        if (parts.typeName == null) {
            inferType();
            return;
        }
        parts.oldImage = map(parts.oldAttributes, oldType, "OldImage");
        parts.newImage = map(parts.newAttributes, newType, "NewImage");
        parts.type = byName.get(parts.typeName).type();
    }

    /** The image with DynamoDB Local's typeless empty maps read as empty maps ({@link StreamImages}). */
    private Map<String, AttributeValue> image(Map<String, AttributeValue> raw, String which) {
        if (raw == null) {
            return null;
        }
        StreamImages.Image read;
        try {
            read = StreamImages.read(raw);
        } catch (IllegalArgumentException e) {
            throw problem(which + " " + e.getMessage(), parts.keyPath);
        }
        if (!read.typeless().isEmpty()) {
            typeless.put(which, read.typeless());
        }
        return read.attributes();
    }

    private ChangeKind kind() {
        String name = record.eventNameAsString();
        if (name == null) {
            throw problem("The record has no event name", parts.keyPath);
        }
        return switch (name) {
            case "INSERT" -> ChangeKind.INSERT;
            case "MODIFY" -> ChangeKind.MODIFY;
            case "REMOVE" -> ChangeKind.REMOVE;
            default -> throw problem("Event name '" + name + "' is not INSERT, MODIFY or REMOVE", parts.keyPath);
        };
    }

    private KeyPath keyPath(Map<String, AttributeValue> keys) {
        if (keys == null || keys.isEmpty()) {
            throw problem("The record has no Keys", null);
        }
        for (String name : keys.keySet()) {
            if (!PK.equals(name) && !SK.equals(name)) {
                throw problem("Keys has attribute '" + name + "'; a key-path table's keys are pk and sk only", null);
            }
        }
        try {
            return StoredItemLayout.keyPathOf(keys);
        } catch (StoredKeyException e) {
            throw problem(switch (e.problem()) {
                case MISSING, NOT_BINARY -> "Keys: " + e.getMessage();
                case NOT_A_KEY_PATH -> "Keys pk/sk are not a key path: " + e.getCause().getMessage();
            }, null, e);
        }
    }

    /** Refuses images the kind or the view type rules out, and missing images the view type promises. */
    private void checkImagesAgainstKind(StreamRecord data) {
        boolean hasOld = parts.oldAttributes != null;
        boolean hasNew = parts.newAttributes != null;
        if (parts.kind == ChangeKind.INSERT && hasOld) {
            throw problem("An INSERT record has an OldImage", parts.keyPath);
        }
        if (parts.kind == ChangeKind.REMOVE && hasNew) {
            throw problem("A REMOVE record has a NewImage", parts.keyPath);
        }
        String viewName = data.streamViewTypeAsString();
        if (viewName == null) {
            return; // no view type stated: take the images that are there
        }
        StreamViewType view = data.streamViewType();
        if (view == null || view == StreamViewType.UNKNOWN_TO_SDK_VERSION) {
            throw problem("Stream view type '" + viewName + "' is not one DynamoDB has", parts.keyPath);
        }
        boolean oldShown = view == StreamViewType.OLD_IMAGE || view == StreamViewType.NEW_AND_OLD_IMAGES;
        boolean newShown = view == StreamViewType.NEW_IMAGE || view == StreamViewType.NEW_AND_OLD_IMAGES;
        boolean wantOld = oldShown && parts.kind != ChangeKind.INSERT;
        boolean wantNew = newShown && parts.kind != ChangeKind.REMOVE;
        if (hasOld != wantOld) {
            throw problem("A " + view + " record of a " + parts.kind + (hasOld ? " has an" : " has no") + " OldImage",
                    parts.keyPath);
        }
        if (hasNew != wantNew) {
            throw problem("A " + view + " record of a " + parts.kind + (hasNew ? " has a" : " has no") + " NewImage",
                    parts.keyPath);
        }
    }

    private static boolean isTtlIdentity(Identity identity) {
        return identity != null && TTL_IDENTITY_TYPE.equals(identity.type())
                && TTL_PRINCIPAL.equals(identity.principalId());
    }

    /** The {@code _type} of an image; null without image, or without {@code _type} for an untyped decoder. */
    private String typeName(Map<String, AttributeValue> image, String which) {
        if (image == null) {
            return null;
        }
        AttributeValue t = image.get(TYPE);
        if (t == null) {
            if (byName == null || isInternal(parts.keyPath, null)) {
                return null;
            }
            throw problem(which + " has no " + TYPE + " attribute, so no registered type can read it", parts.keyPath);
        }
        if (t.s() == null) {
            throw problem(which + " " + TYPE + " is of type " + t.type() + ", not S (string)", parts.keyPath);
        }
        return t.s();
    }

    private static boolean isInternal(KeyPath path, String typeName) {
        return path.namespace(0).startsWith(INTERNAL_PREFIX) || typeName != null && typeName.startsWith(INTERNAL_PREFIX);
    }

    /** An image's own pk/sk must be the record's keys: an image of another item is never mapped. */
    private void checkImageKeys(Map<String, AttributeValue> image, String which) {
        if (image == null) {
            return;
        }
        for (String key : new String[] {PK, SK}) {
            AttributeValue mine = image.get(key);
            if (mine == null) {
                throw problem(which + " has no '" + key + "'", parts.keyPath);
            }
            if (!mine.equals(parts.keys.get(key))) {
                throw problem(which + " '" + key + "' differs from the record's key", parts.keyPath);
            }
        }
    }

    private Object map(Map<String, AttributeValue> image, String typeName, String which) {
        if (image == null) {
            return null;
        }
        ItemSchema<?> schema = byName.get(typeName);
        if (schema == null) {
            throw problem(which + " is of type '" + typeName + "', which is not registered (registered: "
                    + byName.keySet() + ")", parts.keyPath);
        }
        try {
            return schema.fromItem(image);
        } catch (KeyPathDynamoException | KeyPathFormatException e) {
            String why = e.getMessage().replace(" [key path " + parts.keyPath + "]", "");
            List<String> read = typeless.get(which);
            String hint = read == null ? "" : " (" + String.join(", ", read.stream().map(a -> "'" + a + "'").toList())
                    + (read.size() == 1 ? " has" : " have") + " no type in the record, as DynamoDB Local streams an "
                    + "empty map, and " + (read.size() == 1 ? "was" : "were") + " read as an empty map)";
            throw problem(which + " cannot be read as " + typeName + ": " + why + hint, parts.keyPath, e);
        }
    }

    /** A record without images: the type is the one registered template that matches the key path, if one does. */
    private void inferType() {
        ItemSchema<?> found = null;
        for (ItemSchema<?> s : byName.values()) {
            if (s.keyPathTemplate().matches(parts.keyPath) && s != found) { // a renamed type is there by each name
                if (found != null) {
                    return; // two templates match: the type stays unknown
                }
                found = s;
            }
        }
        if (found != null) {
            parts.typeName = found.typeName();
            parts.type = found.type();
        }
    }

    private UnreadableChangeException problem(String message, KeyPath path) {
        return problem(message, path, null);
    }

    private UnreadableChangeException problem(String message, KeyPath path, Throwable cause) {
        return new UnreadableChangeException(message, path, parts.sequenceNumber, cause);
    }
}
