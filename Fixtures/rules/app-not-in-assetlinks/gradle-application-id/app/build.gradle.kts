android {
    namespace = "com.example.shop.app"
    defaultConfig {
        applicationId = "com.example.shop"
    }
}
