package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.FieldDescription;
import dev.keypath.dynamodb.IndexDescription;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TableDescription;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * A table's description of its registered types ({@link KeyPathTable#description()}, {@link KeyPathTables#describe})
 * says what its puts store: every stored attribute is a described field and no described top-level field is missing
 * from a fully set item, under a naming strategy too; the kinds, nullability, nested fields, roles, indexes and
 * unique key paths are those declared; and it is the same from both tables and in any order of registration.
 */
@KeyPathDynamoDb(types = {TableDescriptionTest.Shipment.class, TableDescriptionTest.Depot.class})
class TableDescriptionTest {
    enum Mode { ROAD, RAIL, AIR }

    record Address(String city, @NotNull String zip, Address forwardTo) {
    }

    record Parcel(String label, int grams) {
    }

    /** Every kind of field, the roles, two indexes and a unique key path. */
    @ItemType(name = "shipment", keyPath = "/depot-{depotId}/shipment-{shipmentId}")
    @SecondaryKeyPath(index = "byTracking", keyPath = "/tracking-{tracking}", projection = IndexProjection.INCLUDE,
            include = {"mode", "weight"})
    @SecondaryKeyPath(index = "byDay", keyPath = "/depot-{depotId}/day-{day}", local = true)
    @UniqueKeyPath("/tracking-{tracking}")
    record Shipment(UUID depotId, @AutoId(AutoId.Strategy.SEQUENCE) long shipmentId, String tracking, long day,
                    int count, Double weight, BigDecimal price, boolean fragile, byte[] label, UUID sender,
                    Mode mode, List<String> notes, Set<Long> codes, Set<Parcel> parcels,
                    Map<String, Parcel> byRoom, Optional<String> remark, Address to, LocalDate due,
                    KeyPath origin, @JsonProperty("cust_ref") String customerRef, @JsonIgnore String scratch,
                    @TimeToLive Instant expiresAt, @CreatedAt(unit = ChronoUnit.SECONDS) long created,
                    @UpdatedAt Instant updated, @Version Long version) {
    }

    /** A class mapped by Jackson. */
    @ItemType(keyPath = "/depot-{depotId}")
    public static final class Depot {
        public UUID depotId;
        public String displayName;
        public int docks;

        public Depot() {
        }
    }

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    private static final Instant AT = Instant.parse("2030-01-02T03:04:05Z");

    private static Shipment fullShipment(UUID depot) {
        return new Shipment(depot, 0, "T-" + UUID.randomUUID(), 20300102, 3, 1.5, new BigDecimal("9.99"), true,
                new byte[] {1, 2}, UUID.randomUUID(), Mode.RAIL, List.of("n"), Set.of(7L),
                Set.of(new Parcel("a", 200)), Map.of("kitchen", new Parcel("b", 300)), Optional.of("leave at door"),
                new Address("Oslo", "0150", new Address("Bergen", "5003", null)), LocalDate.of(2030, 1, 3),
                KeyPath.of("depot", "x"), "C-1", "not stored", AT, 0, null, null);
    }

    @Test
    void describesEveryKindOfFieldWithItsNullability() {
        TypeDescription shipment = table.description().type("shipment").orElseThrow();
        Map<String, String> fields = shipment.fields().stream()
                .collect(Collectors.toMap(FieldDescription::path, FieldDescription::typeWithNullability));
        assertThat(fields).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("tracking", "string?"), Map.entry("day", "number"), Map.entry("count", "number"),
                Map.entry("weight", "decimal?"), Map.entry("price", "decimal?"), Map.entry("fragile", "boolean"),
                Map.entry("label", "binary?"), Map.entry("sender", "uuid?"), Map.entry("mode", "enum[AIR,RAIL,ROAD]?"),
                Map.entry("notes", "list<string>?"), Map.entry("codes", "set<number>?"),
                Map.entry("parcels", "set<record>?"), Map.entry("parcels[].label", "string?"),
                Map.entry("parcels[].grams", "number"), Map.entry("byRoom", "map<record>?"),
                Map.entry("byRoom{}.label", "string?"), Map.entry("byRoom{}.grams", "number"),
                Map.entry("remark", "string?"), Map.entry("to", "record?"), Map.entry("to.city", "string?"),
                Map.entry("to.zip", "string"), Map.entry("to.forwardTo", "record?"),
                Map.entry("due", "java:LocalDate?"), Map.entry("origin", "keypath?"),
                Map.entry("cust_ref", "string?"), Map.entry("expiresAt", "instant?"),
                Map.entry("created", "number"), Map.entry("updated", "instant?"), Map.entry("version", "number?")));
        assertThat(shipment.keyFields()).containsExactly(new FieldDescription("depotId", "uuid", false),
                new FieldDescription("shipmentId", "number", false));
    }

    @Test
    void describesTheKeyPathRolesIndexesAndUniqueKeyPaths() {
        TypeDescription shipment = table.description().type("shipment").orElseThrow();
        assertThat(shipment.name()).isEqualTo("shipment");
        assertThat(shipment.schemaVersion()).isEqualTo(1);
        assertThat(shipment.keyPath()).isEqualTo("/depot-{depotId}/shipment-{shipmentId}");
        assertThat(shipment.roles()).containsExactly(Map.entry("autoId.shipmentId", "SEQUENCE"),
                Map.entry("createdAt", "created epoch SECONDS"), Map.entry("timeToLive", "expiresAt"),
                Map.entry("updatedAt", "updated"), Map.entry("version", "version"));
        assertThat(shipment.indexes()).containsExactly(
                new IndexDescription("byDay", "/depot-{depotId}/day-{day}", true, IndexProjection.ALL, List.of()),
                new IndexDescription("byTracking", "/tracking-{tracking}", false, IndexProjection.INCLUDE,
                        List.of("weight", "mode")));
        assertThat(shipment.indexes().get(1).summary()).isEqualTo("global INCLUDE(mode,weight) /tracking-{tracking}");
        assertThat(shipment.uniqueKeyPaths()).containsExactly("/tracking-{tracking}");
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void theDescribedTopLevelFieldsAreTheAttributesAPutStores(boolean viaAsync) {
        UUID depot = UUID.randomUUID();
        Shipment put = viaAsync ? await(async.put(fullShipment(depot))) : table.put(fullShipment(depot));
        Depot d = new Depot();
        d.depotId = depot;
        d.displayName = "North";
        Depot putDepot = viaAsync ? await(async.put(d)) : table.put(d);
        TableDescription description = viaAsync ? async.description() : table.description();

        assertThat(storedFields(table.keyPathOf(put))).isEqualTo(topLevel(description.type("shipment").orElseThrow()));
        assertThat(storedFields(table.keyPathOf(putDepot))).isEqualTo(topLevel(description.type("Depot").orElseThrow()));
    }

    @Test
    void aNamingStrategyRenamesTheDescribedFieldsAsItRenamesTheStoredOnes() {
        JsonMapper snake = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
        KeyPathTable renamed = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("described")).register(Shipment.class).jsonMapper(snake)
                .build();
        renamed.bootstrap();
        Shipment put = renamed.put(fullShipment(UUID.randomUUID()));
        TypeDescription described = renamed.description().type("shipment").orElseThrow();

        Map<String, AttributeValue> stored = raw(renamed, renamed.keyPathOf(put));
        stored.keySet().removeIf(TableDescriptionTest::isTableAttribute);
        assertThat(stored.keySet()).isEqualTo(topLevel(described)).contains("expires_at", "cust_ref");
        assertThat(described.roles()).containsEntry("timeToLive", "expires_at").containsEntry("version", "version");
        assertThat(KeyPathTables.describe(List.of(Shipment.class), snake)).isEqualTo(renamed.description());
    }

    @Test
    void bothTablesAndDescribeGiveTheSameDescriptionInAnyOrderOfRegistration() {
        TableDescription described = KeyPathTables.describe(Depot.class, Shipment.class);
        assertThat(table.description()).isEqualTo(described);
        assertThat(async.description()).isEqualTo(described);
        assertThat(KeyPathTables.describe(Shipment.class, Depot.class)).isEqualTo(described);
        assertThat(described.types()).extracting(TypeDescription::name).containsExactly("Depot", "shipment");
    }

    @Test
    void theDescriptionsCanNotBeChanged() {
        TypeDescription shipment = KeyPathTables.describe(Shipment.class).types().get(0);
        List<FieldDescription> fields = new ArrayList<>(shipment.fields());
        Collections.reverse(fields);
        Map<String, String> roles = new LinkedHashMap<>(shipment.roles());
        TypeDescription rebuilt = new TypeDescription(shipment.name(), 1, shipment.keyPath(), shipment.keyFields(),
                fields, shipment.indexes(), shipment.uniqueKeyPaths(), roles);
        roles.clear();
        assertThat(rebuilt).isEqualTo(shipment);
        assertThatThrownBy(() -> shipment.fields().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> shipment.roles().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @ItemType(name = "shipment", keyPath = "/other-{id}")
    record Clash(String id) {
    }

    @Test
    void describeChecksTheTypesAsABuilderDoes() {
        assertThatThrownBy(() -> KeyPathTables.describe(Shipment.class, Clash.class))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("share the stored type name 'shipment'");
        assertThatThrownBy(() -> KeyPathTables.describe(String.class))
                .isInstanceOf(ItemMappingException.class).hasMessageContaining("not annotated with @ItemType");
    }

    private static Set<String> topLevel(TypeDescription type) {
        Set<String> names = new HashSet<>();
        for (FieldDescription f : type.fields()) {
            if (!f.path().contains(".") && !f.path().contains("[]") && !f.path().contains("{}")) {
                names.add(f.path());
            }
        }
        return names;
    }

    private static Set<String> storedFields(KeyPath path) {
        Map<String, AttributeValue> stored = raw(table, path);
        stored.keySet().removeIf(TableDescriptionTest::isTableAttribute);
        return stored.keySet();
    }

    private static boolean isTableAttribute(String name) {
        return name.equals("pk") || name.equals("sk") || name.startsWith("_") || name.endsWith("_pk")
                || name.endsWith("_sk");
    }

    private static Map<String, AttributeValue> raw(KeyPathTable in, KeyPath path) {
        return new LinkedHashMap<>(client.getItem(r -> r.tableName(in.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item());
    }
}
