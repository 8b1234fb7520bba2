package dev.keypath.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations this module makes and their keys, named after OpenTelemetry's database and DynamoDB semantic
 * conventions where those have a name ({@code db.system.name}, {@code db.operation.name}, {@code aws.dynamodb.*},
 * {@code error.type}), else under {@code keypath.}.
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

    /** The value of a key that does not apply (no index, several item types, no error). */
    public static final String NONE = "none";

    /** Low-cardinality keys of {@link #OPERATION}: safe as metric tags. */
    public enum OperationLowCardinalityKeys implements KeyName {
        /** Always {@code aws.dynamodb}. */
        DB_SYSTEM_NAME("db.system.name"),
        /** The keypath operation: {@code get}, {@code put}, {@code query}, {@code batchGet}, ... */
        DB_OPERATION_NAME("db.operation.name"),
        /** The table name. */
        TABLE_NAMES("aws.dynamodb.table_names"),
        /** The secondary index a query or count read, or {@code none}. */
        INDEX_NAME("aws.dynamodb.index_name"),
        /** The access pattern: the name a query was given, or one derived from the operation's shape. */
        ACCESS_PATTERN("keypath.access_pattern"),
        /** The item type's simple name, or {@code none} for several or none. */
        ITEM_TYPE("keypath.item_type"),
        /** {@code success}, {@code condition_failed} or {@code error}. */
        OUTCOME("keypath.outcome"),
        /** The simple name of the exception the operation ended with, or {@code none}. */
        ERROR_TYPE("error.type");

        private final String name;

        OperationLowCardinalityKeys(String name) {
            this.name = name;
        }

        @Override
        public String asString() {
            return name;
        }
    }

    /** High-cardinality keys of {@link #OPERATION}: on spans only, never metric tags. */
    public enum OperationHighCardinalityKeys implements KeyName {
        /** The key path the operation addressed (it holds ids). */
        KEY_PATH("keypath.key_path"),
        /** The capacity consumed, as JSON: {@code {"ReadCapacityUnits":1.0,"WriteCapacityUnits":0.0}}. */
        CONSUMED_CAPACITY("aws.dynamodb.consumed_capacity"),
        /** The items DynamoDB read for the operation. */
        SCANNED_COUNT("aws.dynamodb.scanned_count"),
        /** The items the operation returned. */
        COUNT("aws.dynamodb.count"),
        /** The requests it sent. */
        REQUESTS("keypath.requests"),
        /** The requests it sent again. */
        RETRIES("keypath.retries");

        private final String name;

        OperationHighCardinalityKeys(String name) {
            this.name = name;
        }

        @Override
        public String asString() {
            return name;
        }
    }

    /** Low-cardinality keys of {@link #REQUEST}. */
    public enum RequestLowCardinalityKeys implements KeyName {
        /** Always {@code aws.dynamodb}. */
        DB_SYSTEM_NAME("db.system.name"),
        /** The DynamoDB API: {@code GetItem}, {@code Query}, {@code BatchWriteItem}, ... */
        DB_OPERATION_NAME("db.operation.name"),
        /** The table name. */
        TABLE_NAMES("aws.dynamodb.table_names"),
        /** The secondary index the operation reads, or {@code none}. */
        INDEX_NAME("aws.dynamodb.index_name"),
        /** The simple name of the exception the request failed with, or {@code none}. */
        ERROR_TYPE("error.type");

        private final String name;

        RequestLowCardinalityKeys(String name) {
            this.name = name;
        }

        @Override
        public String asString() {
            return name;
        }
    }

    /** High-cardinality keys of {@link #REQUEST}. */
    public enum RequestHighCardinalityKeys implements KeyName {
        /** The capacity its response reported, as JSON. */
        CONSUMED_CAPACITY("aws.dynamodb.consumed_capacity"),
        /** The items DynamoDB read for it. */
        SCANNED_COUNT("aws.dynamodb.scanned_count");

        private final String name;

        RequestHighCardinalityKeys(String name) {
            this.name = name;
        }

        @Override
        public String asString() {
            return name;
        }
    }
}
