module.exports = ({ config }) => ({ ...config, extra: { apiURL: process.env.API_URL } });
