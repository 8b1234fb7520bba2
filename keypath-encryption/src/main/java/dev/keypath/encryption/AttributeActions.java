package dev.keypath.encryption;

import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.cryptography.dbencryptionsdk.structuredencryption.model.CryptoAction;

/**
 * The SDK's action on every attribute of a table's encrypted types, derived in one place from what the registered
 * types declare ({@link EncryptedItem}, {@link Crypto}) and what keypath stores for them; the declarations it cannot
 * serve are refused here, each by an {@link EncryptionDeclarationException}. Immutable.
 */
final class AttributeActions {
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}]+)}");

    private final Map<String, CryptoAction> table;
    private final Map<Class<?>, Map<String, CryptoAction>> byType;

    private AttributeActions(Map<String, CryptoAction> table, Map<Class<?>, Map<String, CryptoAction>> byType) {
        this.table = table;
        this.byType = byType;
    }

    /** The actions of the {@link EncryptedItem} types among {@code schemas}, which {@code description} describes. */
    static AttributeActions of(List<ItemSchema<?>> schemas, TableDescription description) {
        Map<String, CryptoAction> table = new TreeMap<>();
        Map<String, String> owner = new HashMap<>();
        Map<Class<?>, Map<String, CryptoAction>> byType = new LinkedHashMap<>();
        for (ItemSchema<?> schema : schemas) {
            if (!schema.type().isAnnotationPresent(EncryptedItem.class)) {
                continue;
            }
            TypeDescription type = description.type(schema.typeName()).orElseThrow();
            Map<String, CryptoAction> actions = ofType(schema, type);
            actions.forEach((attribute, action) -> {
                CryptoAction before = table.putIfAbsent(attribute, action);
                if (before != null && before != action) {
                    throw new EncryptionDeclarationException("Attribute '" + attribute + "' is " + before + " in "
                            + owner.get(attribute) + " but " + action + " in " + schema.type().getName() + ": one "
                            + "table's encryption gives each attribute name one action, so store the field under "
                            + "another name or declare the same action on both");
                }
                owner.putIfAbsent(attribute, schema.type().getName());
            });
            byType.put(schema.type(), Collections.unmodifiableMap(actions));
        }
        return new AttributeActions(Collections.unmodifiableMap(table), Collections.unmodifiableMap(byType));
    }

    /** The actions of one encrypted type's attributes. */
    private static Map<String, CryptoAction> ofType(ItemSchema<?> schema, TypeDescription type) {
        String typeName = schema.type().getName();
        Map<String, CryptoAction> declared = declared(schema.type());
        String shards = type.roles().get(TypeDescription.SHARDS);
        if (shards != null && shards.contains(" from ")) {
            throw new EncryptionDeclarationException(typeName + " is being re-sharded (" + shards + "): a re-shard "
                    + "moves each item under a new partition key, which the item's signature covers, so a moved "
                    + "encrypted item would fail verification; finish the re-shard before encrypting the type");
        }
        Map<String, CryptoAction> actions = new LinkedHashMap<>();
        for (String own : ownAttributes(schema)) {
            actions.put(own, CryptoAction.SIGN_ONLY);
        }
        Set<String> keyFields = new LinkedHashSet<>();
        for (FieldDescription f : type.keyFields()) {
            keyFields.add(f.path());
            if (declared.get(f.path()) == CryptoAction.ENCRYPT_AND_SIGN) {
                throw refused(typeName, f.path(), "is a field of the key path " + type.keyPath() + ": its value is "
                        + "stored in the item's key (pk, sk), which DynamoDB must read, so it cannot be encrypted");
            }
        }
        String version = type.roles().get("version");
        for (FieldDescription f : type.fields()) {
            String attribute = f.path();
            if (attribute.contains(".") || attribute.contains("[") || attribute.contains("{")) {
                continue; // a nested field travels inside its top-level attribute
            }
            CryptoAction action = declared.get(attribute);
            if (attribute.equals(version)) {
                if (action == CryptoAction.ENCRYPT_AND_SIGN) {
                    throw refused(typeName, attribute, "is the type's @Version field, which each write's condition "
                            + "compares in DynamoDB, so it cannot be encrypted");
                }
                action = action == null ? CryptoAction.SIGN_ONLY : action;
            }
            actions.put(attribute, action == null ? CryptoAction.ENCRYPT_AND_SIGN : action);
        }
        for (String name : declared.keySet()) {
            if (!actions.containsKey(name) && !keyFields.contains(name)) {
                throw refused(typeName, name, "is not stored under this name (stored fields: "
                        + type.fields().stream().map(FieldDescription::path).toList() + "); declare @Crypto on a "
                        + "field stored under its Java name");
            }
        }
        for (IndexDescription index : type.indexes()) {
            refuseEncryptedVariables(typeName, index.keyPath(), "the key path of index '" + index.index() + "'",
                    actions, keyFields);
        }
        for (String unique : type.uniqueKeyPaths()) {
            refuseEncryptedVariables(typeName, unique, "the unique key path " + unique, actions, keyFields);
        }
        return actions;
    }

    /** Refuses an encrypted field among the variables of {@code template}, whose values are stored in plain keys. */
    private static void refuseEncryptedVariables(String typeName, String template, String what,
                                                 Map<String, CryptoAction> actions, Set<String> keyFields) {
        Matcher m = VARIABLE.matcher(template);
        while (m.find()) {
            String variable = m.group(1);
            if (!keyFields.contains(variable) && actions.get(variable) == CryptoAction.ENCRYPT_AND_SIGN) {
                throw refused(typeName, variable, "is read by " + what + ", whose key DynamoDB stores and compares "
                        + "as it is, so its value would be kept readable there; declare it "
                        + "@Crypto(CryptoAction.SIGN_ONLY) to store it signed and readable, or leave it out of the "
                        + "key path");
            }
        }
    }

    /** The attributes keypath keeps for items of {@code schema}'s type, which DynamoDB reads: signed, never encrypted. */
    private static Set<String> ownAttributes(ItemSchema<?> schema) {
        Set<String> own = new LinkedHashSet<>(List.of(StoredItemLayout.PARTITION_KEY, StoredItemLayout.SORT_KEY,
                StoredItemLayout.TYPE, StoredItemLayout.SCHEMA_VERSION, StoredItemLayout.TIME_TO_LIVE,
                StoredItemLayout.ALIASES));
        own.addAll(StoredItemLayout.reservedAttributes(schema));
        return own;
    }

    /** The {@link Crypto} declarations of {@code type}'s record components or fields, by Java name. */
    private static Map<String, CryptoAction> declared(Class<?> type) {
        Map<String, CryptoAction> declared = new LinkedHashMap<>();
        if (type.isRecord()) {
            for (RecordComponent c : type.getRecordComponents()) {
                Crypto crypto = c.getAnnotation(Crypto.class);
                if (crypto != null) {
                    declared.put(c.getName(), crypto.value());
                }
            }
            return declared;
        }
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.add(0, c);
        }
        for (Class<?> c : hierarchy) {
            for (Field f : c.getDeclaredFields()) {
                Crypto crypto = f.getAnnotation(Crypto.class);
                if (crypto != null && !Modifier.isStatic(f.getModifiers())) {
                    declared.put(f.getName(), crypto.value());
                }
            }
        }
        return declared;
    }

    private static EncryptionDeclarationException refused(String typeName, String field, String reason) {
        return new EncryptionDeclarationException(typeName + "." + field + " " + reason);
    }

    /** Whether {@code type} is encrypted. */
    boolean encrypts(Class<?> type) {
        return byType.containsKey(type);
    }

    /** The encrypted types. */
    Set<Class<?>> types() {
        return byType.keySet();
    }

    /** Every attribute of every encrypted type with its action: the SDK's {@code attributeActionsOnEncrypt}. */
    Map<String, CryptoAction> table() {
        return table;
    }

    /** The attributes the SDK leaves unsigned: those it does nothing to. */
    List<String> unsigned() {
        List<String> unsigned = new ArrayList<>();
        table.forEach((attribute, action) -> {
            if (action == CryptoAction.DO_NOTHING) {
                unsigned.add(attribute);
            }
        });
        return unsigned;
    }

    /** The action on {@code attribute} of an item of {@code type}; null when the type does not store it. */
    CryptoAction of(Class<?> type, String attribute) {
        Map<String, CryptoAction> actions = byType.get(type);
        return actions == null ? null : actions.get(attribute);
    }
}
