package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import software.amazon.awssdk.core.util.VersionInfo;
import tools.jackson.databind.cfg.PackageVersion;

@SpringBootTest(properties = "keypath.dynamodb.embedded=true")
class OrdersApplicationTest {
    @Autowired
    OrderRepository orders;

    @Test
    void savesAndFindsOrders() {
        Order saved = orders.save(new Order("c-1", 0, "book", null));
        assertThat(saved.orderId()).isEqualTo(1);
        assertThat(orders.findByCustomerId("c-1")).containsExactly(saved);
    }

    @Test
    void runsOnTheVersionsKeypathIsTestedWith() {
        assertThat(VersionInfo.SDK_VERSION).isEqualTo(System.getProperty("expected.aws.sdk.version"));
        assertThat(PackageVersion.VERSION.toString()).isEqualTo(System.getProperty("expected.jackson.version"));
    }
}
