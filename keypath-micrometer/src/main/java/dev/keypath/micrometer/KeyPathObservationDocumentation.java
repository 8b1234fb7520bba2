package dev.keypath.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations this module makes and their keys. A key OpenTelemetry's semantic conventions name (its database
 * and DynamoDB client conventions: {@code db.*}, {@code rpc.*}, {@code aws.dynamodb.*}, {@code error.type}) is used as
 * they define it: its value of their type ({@link ValueType}), and absent where they leave it out (no index read, no
 * error), never a placeholder. Keys of keypath's own are under {@code keypath.}. A Micrometer key value is text: an
 * array is written as its elements joined by commas (names) or as a JSON array (JSON values), a number and a boolean
 * in decimal and as {@code true}/{@code false}, and {@link KeyPathTracingObservationHandler} hands each to a span
 * with its type.
 */
public enum KeyPathObservationDocumentation implements ObservationDocumentation {
    /** One logical operation of a table: a get, a put, one query page, a batch, a transaction, ... */
    OPERATION {
        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultKeyPathObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return OperationLowCardinalityKeys.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return OperationHighCardinalityKeys.values();
        }
    },

    /** One DynamoDB request an operation sent; its parent is the operation's observation. */
    REQUEST {
        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultKeyPathRequestObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return RequestLowCardinalityKeys.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return RequestHighCardinalityKeys.values();
        }
    };

    /** The value of {@code keypath.item_type} for an operation of several item types, or of none. */
    public static final String NONE = "none";

    /** The type of a key's value, as OpenTelemetry's conventions define it. */
    public enum ValueType {
        /** A string. */
        STRING,
        /** An array of strings: names joined by commas, or JSON values as a JSON array. */
        STRING_ARRAY,
        /** A boolean, {@code true} or {@code false}. */
        BOOLEAN,
        /** An integer, in decimal. */
        LONG
    }

    /** A key of these observations, with the type of its value. */
    public interface TypedKeyName extends KeyName {
        /** The type of the key's value. */
        ValueType valueType();
    }

    /** Low-cardinality keys of {@link #OPERATION}: safe as metric tags. */
    public enum OperationLowCardinalityKeys implements TypedKeyName {
        /** Always {@code aws.dynamodb}. */
        DB_SYSTEM_NAME("db.system.name", ValueType.STRING),
        /** The keypath operation: {@code get}, {@code put}, {@code query}, {@code batchGet}, ... */
        DB_OPERATION_NAME("db.operation.name", ValueType.STRING),
        /** The table's name, the one element of the array. */
        TABLE_NAMES("aws.dynamodb.table_names", ValueType.STRING_ARRAY),
        /** The table's name. */
        DB_COLLECTION_NAME("db.collection.name", ValueType.STRING),
        /** The secondary index a query or count read; absent for the table. */
        INDEX_NAME("aws.dynamodb.index_name", ValueType.STRING),
        /** The access pattern: the name a query was given, or one derived from the operation's shape. */
        ACCESS_PATTERN("keypath.access_pattern", ValueType.STRING),
        /** The item type's simple name, or {@value #NONE} for several or none. */
        ITEM_TYPE("keypath.item_type", ValueType.STRING),
        /** {@code success}, {@code condition_failed} or {@code error}. */
        OUTCOME("keypath.outcome", ValueType.STRING),
        /** The fully qualified class name of the exception the operation ended with; absent when it succeeded. */
        ERROR_TYPE("error.type", ValueType.STRING);

        private final String name;
        private final ValueType type;

        OperationLowCardinalityKeys(String name, ValueType type) {
            this.name = name;
            this.type = type;
        }

        @Override
        public String asString() {
            return name;
        }

        @Override
        public ValueType valueType() {
            return type;
        }
    }

    /** High-cardinality keys of {@link #OPERATION}: on spans only, never metric tags. */
    public enum OperationHighCardinalityKeys implements TypedKeyName {
        /** The key path the operation addressed (it holds ids). */
        KEY_PATH("keypath.key_path", ValueType.STRING),
        /**
         * The capacity its requests consumed, one {@code ConsumedCapacity} JSON object per table:
         * {@code [{"TableName":"app","CapacityUnits":1.5,"ReadCapacityUnits":1.0,"WriteCapacityUnits":0.5,
         * "GlobalSecondaryIndexes":{"byTag":{…}}}]}.
         */
        CONSUMED_CAPACITY("aws.dynamodb.consumed_capacity", ValueType.STRING_ARRAY),
        /** The items DynamoDB read for the operation. */
        SCANNED_COUNT("aws.dynamodb.scanned_count", ValueType.LONG),
        /** The items the operation returned. */
        COUNT("aws.dynamodb.count", ValueType.LONG),
        /** The requests it sent, a read-modify-write's reads and commit included. */
        REQUESTS("keypath.requests", ValueType.LONG),
        /** The requests it sent again. */
        RETRIES("keypath.retries", ValueType.LONG);

        private final String name;
        private final ValueType type;

        OperationHighCardinalityKeys(String name, ValueType type) {
            this.name = name;
            this.type = type;
        }

        @Override
        public String asString() {
            return name;
        }

        @Override
        public ValueType valueType() {
            return type;
        }
    }

    /** Low-cardinality keys of {@link #REQUEST}, as OpenTelemetry's DynamoDB client spans carry them. */
    public enum RequestLowCardinalityKeys implements TypedKeyName {
        /** Always {@code aws.dynamodb}. */
        DB_SYSTEM_NAME("db.system.name", ValueType.STRING),
        /** The DynamoDB API: {@code GetItem}, {@code Query}, {@code BatchWriteItem}, ... */
        DB_OPERATION_NAME("db.operation.name", ValueType.STRING),
        /** Always {@code aws-api}. */
        RPC_SYSTEM("rpc.system", ValueType.STRING),
        /** Always {@code DynamoDB}. */
        RPC_SERVICE("rpc.service", ValueType.STRING),
        /** The DynamoDB API, as {@link #DB_OPERATION_NAME}. */
        RPC_METHOD("rpc.method", ValueType.STRING),
        /** The tables the request names (a batch's and a transaction's, each once). */
        TABLE_NAMES("aws.dynamodb.table_names", ValueType.STRING_ARRAY),
        /** The table, when the request names one. */
        DB_COLLECTION_NAME("db.collection.name", ValueType.STRING),
        /** The request's {@code IndexName}; absent when it reads the table. */
        INDEX_NAME("aws.dynamodb.index_name", ValueType.STRING),
        /** The fully qualified class name of the exception the request failed with; absent when it was answered. */
        ERROR_TYPE("error.type", ValueType.STRING);

        private final String name;
        private final ValueType type;

        RequestLowCardinalityKeys(String name, ValueType type) {
            this.name = name;
            this.type = type;
        }

        @Override
        public String asString() {
            return name;
        }

        @Override
        public ValueType valueType() {
            return type;
        }
    }

    /** High-cardinality keys of {@link #REQUEST}: the request's own settings and what its response reported. */
    public enum RequestHighCardinalityKeys implements TypedKeyName {
        /**
         * The capacity its response reported, one {@code ConsumedCapacity} JSON object per table:
         * {@code [{"TableName":"app","CapacityUnits":1.0,"ReadCapacityUnits":1.0,"WriteCapacityUnits":0.0}]}; absent
         * when it reported none.
         */
        CONSUMED_CAPACITY("aws.dynamodb.consumed_capacity", ValueType.STRING_ARRAY),
        /** The items DynamoDB read for a query or scan ({@code ScannedCount}). */
        SCANNED_COUNT("aws.dynamodb.scanned_count", ValueType.LONG),
        /** The request's {@code ConsistentRead}, when it sets it. */
        CONSISTENT_READ("aws.dynamodb.consistent_read", ValueType.BOOLEAN),
        /** The request's {@code Limit}, when it sets one. */
        LIMIT("aws.dynamodb.limit", ValueType.LONG),
        /** The request's {@code ProjectionExpression}, when it sets one. */
        PROJECTION("aws.dynamodb.projection", ValueType.STRING),
        /** A query's {@code ScanIndexForward}, when it sets it. */
        SCAN_FORWARD("aws.dynamodb.scan_forward", ValueType.BOOLEAN),
        /** The request's {@code Select}, when it sets it. */
        SELECT("aws.dynamodb.select", ValueType.STRING),
        /** A parallel scan's {@code Segment}. */
        SEGMENT("aws.dynamodb.segment", ValueType.LONG),
        /** A parallel scan's {@code TotalSegments}. */
        TOTAL_SEGMENTS("aws.dynamodb.total_segments", ValueType.LONG);

        private final String name;
        private final ValueType type;

        RequestHighCardinalityKeys(String name, ValueType type) {
            this.name = name;
            this.type = type;
        }

        @Override
        public String asString() {
            return name;
        }

        @Override
        public ValueType valueType() {
            return type;
        }
    }
}
