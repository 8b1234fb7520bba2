package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.KeyPathTransactionManager;
import dev.keypath.spring.sample.User;
import dev.keypath.test.TestDynamoDb;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionManager;
import org.springframework.transaction.annotation.Transactional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * keypath beside another store (JDBC on H2): each keeps its own transactions, whatever the order in which the
 * auto-configurations run; keypath alone keeps plain {@code @Transactional} working.
 */
class TransactionManagerCoexistenceTest {
    private final ApplicationContextRunner keypath = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
                    KeyPathDynamoAutoConfiguration.class, TransactionAutoConfiguration.class))
            .withUserConfiguration(EngineClient.class)
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                    "keypath.dynamodb.repositories.enabled=false",
                    "keypath.dynamodb.create-table-if-missing=true",
                    "keypath.dynamodb.table-name=" + TestDynamoDb.uniqueTableName("txmix"));

    private final ApplicationContextRunner keypathWithDataSource = keypath
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    JdbcTemplateAutoConfiguration.class))
            .withPropertyValues("spring.datasource.url=jdbc:h2:mem:txmix-" + UUID.randomUUID()
                    + ";DB_CLOSE_DELAY=-1");

    private final ApplicationContextRunner keypathAndJdbc = keypathWithDataSource
            .withConfiguration(AutoConfigurations.of(DataSourceTransactionManagerAutoConfiguration.class));

    @Configuration(proxyBeanMethods = false)
    static class EngineClient {
        @Bean(destroyMethod = "")
        DynamoDbClient dynamoDbClient() {
            return TestDynamoDb.get().client();
        }

        @Bean
        Orders orders(JdbcTemplateHolder jdbc, KeyPathDynamoOperations operations) {
            return new Orders(jdbc, operations);
        }

        @Bean
        JdbcTemplateHolder jdbcTemplateHolder(org.springframework.beans.factory.ObjectProvider<DataSource> dataSource) {
            DataSource ds = dataSource.getIfAvailable();
            return new JdbcTemplateHolder(ds == null ? null : new JdbcTemplate(ds));
        }
    }

    /** The JDBC side, if the application has one. */
    record JdbcTemplateHolder(JdbcTemplate jdbc) {
    }

    /** An application service writing to both stores, each through its own transaction manager. */
    static class Orders {
        private final JdbcTemplateHolder jdbc;
        private final KeyPathDynamoOperations operations;

        Orders(JdbcTemplateHolder jdbc, KeyPathDynamoOperations operations) {
            this.jdbc = jdbc;
            this.operations = operations;
        }

        void createTable() {
            jdbc.jdbc().execute("create table if not exists orders(id varchar(64) primary key)");
        }

        int count(String id) {
            return jdbc.jdbc().queryForObject("select count(*) from orders where id = ?", Integer.class, id);
        }

        @Transactional
        public void insertThenFail(String id) {
            jdbc.jdbc().update("insert into orders(id) values (?)", id);
            throw new IllegalStateException("boom after the JDBC insert");
        }

        @Transactional
        public void insert(String id) {
            jdbc.jdbc().update("insert into orders(id) values (?)", id);
        }

        @Transactional("keyPathTransactionManager")
        public void saveUsersThenFail(UUID a, UUID b) {
            operations.save(User.of(a, "a"));
            operations.save(User.of(b, "b"));
            throw new IllegalStateException("boom after the key-path writes");
        }

        @Transactional("keyPathTransactionManager")
        public void saveUsers(UUID a, UUID b) {
            operations.save(User.of(a, "a"));
            operations.save(User.of(b, "b"));
            assertThat(operations.findById(User.class, KeyPath.of("user", a)))
                    .as("nothing is written before the unit commits").isEmpty();
        }

        /** keypath alone: plain @Transactional is keypath's unit. */
        @Transactional
        public void saveUsersPlainThenFail(UUID a, UUID b) {
            operations.save(User.of(a, "a"));
            operations.save(User.of(b, "b"));
            throw new IllegalStateException("boom after the key-path writes");
        }

        @Transactional
        public void saveUsersPlain(UUID a, UUID b) {
            operations.save(User.of(a, "a"));
            operations.save(User.of(b, "b"));
            assertThat(operations.findById(User.class, KeyPath.of("user", a)))
                    .as("nothing is written before the unit commits").isEmpty();
        }
    }

    /** A store's transaction manager auto-configured after keypath's (the order keypath must not depend on). */
    @AutoConfiguration(after = KeyPathDynamoAutoConfiguration.class)
    static class LateStoreAutoConfiguration {
        @Bean
        @ConditionalOnMissingBean(TransactionManager.class)
        PlatformTransactionManager lateStoreTransactionManager(DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }
    }

    /** The same, auto-configured before keypath's. */
    @AutoConfiguration(before = KeyPathDynamoAutoConfiguration.class)
    static class EarlyStoreAutoConfiguration {
        @Bean
        @ConditionalOnMissingBean(TransactionManager.class)
        PlatformTransactionManager earlyStoreTransactionManager(DataSource dataSource) {
            return new JdbcTransactionManager(dataSource);
        }
    }

    @Test
    void jdbcTransactionalRollsBackBesideKeyPath() {
        keypathAndJdbc.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean(TransactionManager.class)).as("the application's default transaction manager")
                    .isInstanceOf(JdbcTransactionManager.class);
            Orders orders = ctx.getBean(Orders.class);
            orders.createTable();
            String id = UUID.randomUUID().toString();
            assertThatThrownBy(() -> orders.insertThenFail(id)).hasMessageContaining("boom");
            assertThat(orders.count(id)).as("the JDBC insert was rolled back").isZero();
            orders.insert(id);
            assertThat(orders.count(id)).isOne();
        });
    }

    @Test
    void keyPathUnitsCommitAndRollBackThroughTheQualifiedManagerBesideJdbc() {
        keypathAndJdbc.run(ctx -> {
            assertThat(ctx).hasNotFailed();
            assertThat(ctx.getBean("keyPathTransactionManager")).isInstanceOf(KeyPathTransactionManager.class);
            assertKeyPathUnits(ctx.getBean(Orders.class), ctx.getBean(KeyPathDynamoOperations.class));
        });
    }

    @Test
    void aStoreAutoConfiguredAfterKeyPathKeepsItsManager() {
        keypathWithDataSource.withConfiguration(AutoConfigurations.of(LateStoreAutoConfiguration.class))
                .run(ctx -> assertStoreKeepsItsManager(ctx, "lateStoreTransactionManager"));
    }

    @Test
    void aStoreAutoConfiguredBeforeKeyPathKeepsItsManager() {
        keypathWithDataSource.withConfiguration(AutoConfigurations.of(EarlyStoreAutoConfiguration.class))
                .run(ctx -> assertStoreKeepsItsManager(ctx, "earlyStoreTransactionManager"));
    }

    @Test
    void anApplicationDefinedManagerStaysTheDefault() {
        keypathAndJdbc.withBean("appTransactionManager", PlatformTransactionManager.class,
                () -> new JdbcTransactionManager(DataSourceHolder.NONE))
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx.getBeanNamesForType(TransactionManager.class))
                            .contains("appTransactionManager", "keyPathTransactionManager");
                    assertThat(ctx.getBean(TransactionManager.class))
                            .isSameAs(ctx.getBean("appTransactionManager"));
                });
    }

    @Test
    void keyPathAloneKeepsPlainTransactionalWorking() {
        keypath.run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    assertThat(ctx.getBean(TransactionManager.class)).isInstanceOf(KeyPathTransactionManager.class);
                    Orders orders = ctx.getBean(Orders.class);
                    KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
                    UUID a = UUID.randomUUID();
                    UUID b = UUID.randomUUID();
                    assertThatThrownBy(() -> orders.saveUsersPlainThenFail(a, b)).hasMessageContaining("boom");
                    assertThat(ops.findById(User.class, KeyPath.of("user", a))).isEmpty();
                    assertThat(ops.findById(User.class, KeyPath.of("user", b))).isEmpty();
                    orders.saveUsersPlain(a, b);
                    assertThat(ops.findById(User.class, KeyPath.of("user", a))).isPresent();
                    assertThat(ops.findById(User.class, KeyPath.of("user", b))).isPresent();
                });
    }

    private static void assertStoreKeepsItsManager(
            org.springframework.boot.test.context.assertj.AssertableApplicationContext ctx, String storeManager) {
        assertThat(ctx).hasNotFailed();
        assertThat(ctx.getBeanNamesForType(TransactionManager.class))
                .containsExactlyInAnyOrder(storeManager, "keyPathTransactionManager");
        assertThat(ctx.getBean(TransactionManager.class)).isSameAs(ctx.getBean(storeManager));
        Orders orders = ctx.getBean(Orders.class);
        orders.createTable();
        String id = UUID.randomUUID().toString();
        assertThatThrownBy(() -> orders.insertThenFail(id)).hasMessageContaining("boom");
        assertThat(orders.count(id)).as("the store's insert was rolled back").isZero();
        assertKeyPathUnits(orders, ctx.getBean(KeyPathDynamoOperations.class));
    }

    private static void assertKeyPathUnits(Orders orders, KeyPathDynamoOperations ops) {
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        assertThatThrownBy(() -> orders.saveUsersThenFail(a, b)).hasMessageContaining("boom");
        assertThat(ops.findById(User.class, KeyPath.of("user", a))).as("rolled back").isEmpty();
        assertThat(ops.findById(User.class, KeyPath.of("user", b))).as("rolled back").isEmpty();
        orders.saveUsers(a, b);
        assertThat(ops.findById(User.class, KeyPath.of("user", a))).as("committed").isPresent();
        assertThat(ops.findById(User.class, KeyPath.of("user", b))).as("committed").isPresent();
    }

    /** A data source that is never used: the application's manager in that test only has to exist. */
    static final class DataSourceHolder {
        static final DataSource NONE = new org.springframework.jdbc.datasource.SimpleDriverDataSource();

        private DataSourceHolder() {
        }
    }
}
