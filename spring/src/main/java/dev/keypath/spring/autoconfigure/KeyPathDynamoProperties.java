package dev.keypath.spring.autoconfigure;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code keypath.dynamodb.*} properties. Bound once at startup by Spring Boot; not thread-safe while being
 * bound, read-only afterwards.
 */
@ConfigurationProperties(prefix = KeyPathDynamoProperties.PREFIX)
public class KeyPathDynamoProperties {
    /** The property prefix. */
    public static final String PREFIX = "keypath.dynamodb";

    /**
     * DynamoDB endpoint override, e.g. http://localhost:4566 for LocalStack. Empty means the AWS endpoint of the
     * region.
     */
    private URI endpoint;

    /** AWS region, e.g. eu-west-1. Empty means the AWS SDK's default region lookup (AWS_REGION, profile, ...). */
    private String region;

    /** Name of the one DynamoDB table that holds every item type. */
    private String tableName = "keypath";

    /**
     * Whether to create the table (with the GSIs of @SecondaryKeyPath types and TTL) at startup when it does not
     * exist. An existing table's key schema is verified either way when this is on.
     */
    private boolean createTableIfMissing;

    /**
     * Whether to start DynamoDB Local inside this JVM, in memory, and connect to it (data is lost at shutdown).
     * For examples, local development and tests; needs dev.keypath:keypath-dynamodb-local on the classpath.
     * Implies create-table-if-missing and must not be combined with an endpoint.
     */
    private boolean embedded;

    /**
     * Whether the embedded engine logs at its own levels: a line per request, and a warning with a stack trace
     * for each failed request (a missing table at startup, a cancelled transaction). Off by default: only its
     * errors are logged. An explicit logging.level for software.amazon.dynamodb or org.eclipse.jetty wins.
     */
    private boolean engineLogs;

    /**
     * Access key id of static credentials, with secret-access-key. Unset: the SDK's default credentials chain,
     * or, for an endpoint on a loopback address (DynamoDB Local, LocalStack), dummy credentials.
     */
    private String accessKeyId;

    /** Secret access key of static credentials, with access-key-id. */
    private String secretAccessKey;

    /**
     * Secret that signs page tokens, at least 16 bytes of UTF-8. Empty means a random secret per process, so
     * tokens stop working after a restart and across instances: set it in production.
     */
    private String pageTokenSecret;

    /**
     * Packages scanned for @ItemType classes to register with the table. Empty means the application's
     * auto-configuration packages (the package of the @SpringBootApplication class).
     */
    private List<String> itemTypePackages = new ArrayList<>();

    /**
     * What collection reads (queries, derived queries, batch gets) do with a stored item they cannot read: fail
     * (the default, naming its key path) or skip it, logging one warning line that names it. A single-item read
     * always fails. An UnreadableItemHandler bean replaces both.
     */
    private UnreadableItems unreadableItems = UnreadableItems.FAIL;

    /**
     * Whether a stored value must have its field's own type (no number read into a String, boolean or date-time
     * field, no text or number into a boolean); off: Jackson's lenient conversions.
     */
    private boolean strictReads;

    /**
     * What the table asks DynamoDB to report of the capacity each request consumed: indexes (the default) splits
     * it between the table and each secondary index, total gives the totals only, none asks for nothing, so that
     * results and operation reports carry no capacity and the meters of observations.mode=meters are the
     * keypath.operation timer alone, with no capacity counter growing. A KeyPathTableBuilderCustomizer that sets
     * returnConsumedCapacity wins.
     */
    private ConsumedCapacity consumedCapacity = ConsumedCapacity.INDEXES;

    /** Policies of {@code unreadable-items}. */
    public enum UnreadableItems {
        /** Fail the read with a DataRetrievalFailureException naming the key path. */
        FAIL,
        /** Leave the item out and log a warning naming its key path. */
        SKIP
    }

    /** What {@code consumed-capacity} asks DynamoDB to report of consumed capacity. */
    public enum ConsumedCapacity {
        /** The units of the table and of each secondary index apart, and their totals. */
        INDEXES,
        /** The total units only, counted under the table. */
        TOTAL,
        /** Nothing: results, reports and meters carry no capacity. */
        NONE
    }

    /** Repository settings. */
    private final Repositories repositories = new Repositories();

    /** Problem details of keypath's failures in web applications. */
    private final ProblemDetails problemDetails = new ProblemDetails();

    /** How the table writes item types that declare schema versions. */
    private final Schema schema = new Schema();

    public URI getEndpoint() {
        return endpoint;
    }

    public void setEndpoint(URI endpoint) {
        this.endpoint = endpoint;
    }

    public String getRegion() {
        return region;
    }

    public void setRegion(String region) {
        this.region = region;
    }

    public String getTableName() {
        return tableName;
    }

    public void setTableName(String tableName) {
        this.tableName = tableName;
    }

    public boolean isCreateTableIfMissing() {
        return createTableIfMissing;
    }

    public void setCreateTableIfMissing(boolean createTableIfMissing) {
        this.createTableIfMissing = createTableIfMissing;
    }

    public boolean isStrictReads() {
        return strictReads;
    }

    public void setStrictReads(boolean strictReads) {
        this.strictReads = strictReads;
    }

    public UnreadableItems getUnreadableItems() {
        return unreadableItems;
    }

    public void setUnreadableItems(UnreadableItems unreadableItems) {
        this.unreadableItems = unreadableItems;
    }

    public ConsumedCapacity getConsumedCapacity() {
        return consumedCapacity;
    }

    public void setConsumedCapacity(ConsumedCapacity consumedCapacity) {
        this.consumedCapacity = consumedCapacity;
    }

    public boolean isEngineLogs() {
        return engineLogs;
    }

    public void setEngineLogs(boolean engineLogs) {
        this.engineLogs = engineLogs;
    }

    public String getAccessKeyId() {
        return accessKeyId;
    }

    public void setAccessKeyId(String accessKeyId) {
        this.accessKeyId = accessKeyId;
    }

    public String getSecretAccessKey() {
        return secretAccessKey;
    }

    public void setSecretAccessKey(String secretAccessKey) {
        this.secretAccessKey = secretAccessKey;
    }

    public boolean isEmbedded() {
        return embedded;
    }

    public void setEmbedded(boolean embedded) {
        this.embedded = embedded;
    }

    public String getPageTokenSecret() {
        return pageTokenSecret;
    }

    public void setPageTokenSecret(String pageTokenSecret) {
        this.pageTokenSecret = pageTokenSecret;
    }

    public List<String> getItemTypePackages() {
        return itemTypePackages;
    }

    public void setItemTypePackages(List<String> itemTypePackages) {
        this.itemTypePackages = itemTypePackages;
    }

    public Repositories getRepositories() {
        return repositories;
    }

    public ProblemDetails getProblemDetails() {
        return problemDetails;
    }

    public Schema getSchema() {
        return schema;
    }

    /**
     * Schema-evolution settings ({@code keypath.dynamodb.schema.*}). Each names item types by their
     * {@code @ItemType} name, their simple class name or their fully qualified class name; a name that matches no
     * registered type stops the application at startup.
     */
    public static class Schema {
        /**
         * Item types written at the version before their own, for the length of a rolling deploy: instances of the
         * previous release keep reading every item. Remove the setting once no instance of that release runs.
         */
        private List<String> writePreviousVersion = new ArrayList<>();

        /**
         * Item types whose older items an update writes back at the current version, on condition that the stored
         * item did not change meanwhile; "*" for every registered type above version 1. Not together with
         * write-previous-version for the same type.
         */
        private List<String> upgradeOnWrite = new ArrayList<>();

        public List<String> getWritePreviousVersion() {
            return writePreviousVersion;
        }

        public void setWritePreviousVersion(List<String> writePreviousVersion) {
            this.writePreviousVersion = writePreviousVersion;
        }

        public List<String> getUpgradeOnWrite() {
            return upgradeOnWrite;
        }

        public void setUpgradeOnWrite(List<String> upgradeOnWrite) {
            this.upgradeOnWrite = upgradeOnWrite;
        }
    }

    /** Problem-details settings ({@code keypath.dynamodb.problem-details.*}). */
    public static class ProblemDetails {
        /**
         * Whether keypath's failures reach the clients of a servlet web application as RFC 9457 problem details
         * (400, 409, 413, 500).
         */
        private boolean enabled = true;

        /**
         * Whether the 409 of a taken unique key path names the key path of the item that holds it ("holder"). Off:
         * the client learns that the value is taken, not whose it is.
         */
        private boolean includeHolder;

        /**
         * Whether a problem carries keypath's exception, its class and message ("exception"), which can name other
         * items and carry DynamoDB's own words. For development.
         */
        private boolean includeException;

        /** Whether a problem carries the failure's stack trace ("trace"). For development. */
        private boolean includeStacktrace;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public boolean isIncludeHolder() {
            return includeHolder;
        }

        public void setIncludeHolder(boolean includeHolder) {
            this.includeHolder = includeHolder;
        }

        public boolean isIncludeException() {
            return includeException;
        }

        public void setIncludeException(boolean includeException) {
            this.includeException = includeException;
        }

        public boolean isIncludeStacktrace() {
            return includeStacktrace;
        }

        public void setIncludeStacktrace(boolean includeStacktrace) {
            this.includeStacktrace = includeStacktrace;
        }
    }

    /** Repository settings ({@code keypath.dynamodb.repositories.*}). */
    public static class Repositories {
        /** Whether to detect KeyPathRepository interfaces in the application's packages. */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }
}
